// How much a text block may hold, so that setting it costs bounded work: at most MAX_TEXT_CHARACTERS characters
// (schemas/block-text.json says the same) and at most MAX_MARKS_PER_CHARACTER marks stacked on one character.
// Shaping a character with a thousand combining marks is work without a picture: no font draws them apart.

/** Code points of a block's text: the maxLength of block-text.json's text. */
export const MAX_TEXT_CHARACTERS = 2_000;
/** Code points a character (a grapheme cluster) may carry after its base: Unicode's stream-safe limit (UAX #15). */
export const MAX_MARKS_PER_CHARACTER = 30;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The text's user-perceived characters (grapheme clusters), in order. */
export function graphemeClusters(text: string): string[] {
  return Array.from(graphemes.segment(text), (piece) => piece.segment);
}

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/** Why an editor may not store this text, or undefined when it is within the bounds. */
export function textBoundProblem(text: string): string | undefined {
  if (codePoints(text) > MAX_TEXT_CHARACTERS) return `A text has at most ${MAX_TEXT_CHARACTERS} characters.`;
  for (const cluster of graphemeClusters(text)) {
    const marks = codePoints(cluster) - 1;
    if (marks > MAX_MARKS_PER_CHARACTER) {
      return `A character carries at most ${MAX_MARKS_PER_CHARACTER} combining marks (one here carries ${marks}).`;
    }
  }
  return undefined;
}

/**
 * The text cut to the bounds, for every reader of a stored text: one stored before the bounds existed (or written
 * by hand) is set as if it had been refused down to them, instead of costing its full shaping at each read.
 */
export function boundedText(text: string): string {
  if (textBoundProblem(text) === undefined) return text;
  let kept = '';
  let characters = 0;
  for (const cluster of graphemeClusters(text)) {
    const allowed = Array.from(cluster).slice(0, 1 + MAX_MARKS_PER_CHARACTER).slice(0, MAX_TEXT_CHARACTERS - characters);
    kept += allowed.join('');
    characters += allowed.length;
    if (characters >= MAX_TEXT_CHARACTERS) break;
  }
  return kept;
}
