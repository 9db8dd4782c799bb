// Breaking a text into lines that fit a width, at the largest size that fits; one rule for every renderer, so the
// viewer, previews and print files break a text at the same places.

/** A conservative estimate of a character's advance in DejaVu Sans, in ems: wide glyphs are counted wide. */
function advance(char: string): number {
  if (/[iljtfrI.,:;'!|()\[\] ]/.test(char)) return 0.4;
  if (/[mwMWЖжШшЩщЮюМмФф@%]/.test(char)) return 1.0;
  if (/[A-ZА-ЯЁ]/.test(char)) return 0.78;
  return 0.66;
}

const textWidth = (text: string, fontSize: number) => [...text].reduce((sum, char) => sum + advance(char), 0) * fontSize;

/** Words onto lines no wider than maxWidth; a word too long for a line is broken inside. */
function wrap(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && textWidth(line + char, fontSize) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  fontSize: number;
  lines: string[];
}

export interface FitRule {
  maxWidth: number;
  /** The size tried first, in the caller's unit. */
  usualSize: number;
  /** The smallest size; below it the text is cut with "…" instead. */
  smallestSize: number;
  /** How many lines a size may take. */
  maxLines(fontSize: number): number;
}

/** The largest size (in steps of 1/30 of the usual) at which the text fits; at the smallest, the rest is cut with "…". */
export function fitText(text: string, rule: FitRule): FittedText {
  const step = rule.usualSize / 30;
  for (let fontSize = rule.usualSize; fontSize >= rule.smallestSize - step / 2; fontSize -= step) {
    const lines = wrap(text, rule.maxWidth, fontSize);
    if (lines.length <= rule.maxLines(fontSize)) return { fontSize, lines };
  }
  const fontSize = rule.smallestSize;
  const maxLines = Math.max(1, rule.maxLines(fontSize));
  const lines = wrap(text, rule.maxWidth, fontSize).slice(0, maxLines);
  let last = lines[maxLines - 1];
  while (last && textWidth(`${last}…`, fontSize) > rule.maxWidth) last = last.slice(0, -1);
  lines[maxLines - 1] = `${last.trimEnd()}…`;
  return { fontSize, lines };
}
