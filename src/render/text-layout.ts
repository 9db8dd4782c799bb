// Setting a text in a block with the font's real metrics: lines broken at the same places, at the same size, in every
// renderer (viewer images, previews, print PDFs) and in the preflight, so that "fits" means one thing everywhere.
import type { Rect, TextItem } from './scene';
import { fontFace, type FontFace, knownFont } from './fonts';
import { DEFAULT_TEXT_FONT, type TextAlignment, type TextFont, type TextStyle } from '../shared/layout-document';
import { createBoundedMemo } from '../util/bounded-memo';
import { boundedText } from './text-bounds';
import { createTextMeasure, type TextMeasure } from './text-measure';

export const MM_PER_POINT = 25.4 / 72;
export const LINE_HEIGHT = 1.2;
/** Of a block's width, what its text may use: the rest is an inner margin on both sides. */
export const TEXT_WIDTH_SHARE = 0.92;
/** A text nobody styled is set in this colour. */
export const TEXT_COLOR = '#2b2b2b';
/** A text nobody styled shrinks to this share of its usual size before it counts as not fitting. */
const SMALLEST_UNSTYLED = 0.5;

/** Width in the unit of size: the sum of the glyphs' advances, as a PDF viewer places them (no kerning). */
export function lineWidth(face: FontFace, text: string, size: number): number {
  const glyphs = face.layout(text).glyphs;
  let units = 0;
  for (const glyph of glyphs) units += glyph.advanceWidth;
  return (units * size) / face.unitsPerEm;
}

/** Where each line starts when centred on centerX. */
export function centredStarts(font: TextFont, lines: string[], size: number, centerX: number): number[] {
  const face = fontFace(font);
  return lines.map((line) => centerX - lineWidth(face, line, size) / 2);
}

/**
 * Paragraphs (explicit line breaks kept) broken into lines no wider than maxWidth; a word too long is broken between
 * its characters. A line's width is the sum of its words' and spaces' (no font here joins glyphs across a space); a
 * broken word's pieces are weighed character by character, unshaped, so a piece in a joining script or with a
 * ligature may weigh a little more or less than it is shaped.
 */
function wrap(measure: TextMeasure, text: string, maxWidth: number, size: number): string[] {
  const fitsWidth = (units: number) => measure.width(units, size) <= maxWidth;
  const space = measure.units(' ');
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineUnits = 0;
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const candidateUnits = line ? lineUnits + space + measure.units(word) : measure.units(word);
      if (fitsWidth(candidateUnits)) {
        line = line ? `${line} ${word}` : word;
        lineUnits = candidateUnits;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      lineUnits = 0;
      for (const cluster of measure.clusters(word)) {
        const clusterUnits = measure.characterUnits(cluster);
        if (line && !fitsWidth(lineUnits + clusterUnits)) {
          lines.push(line);
          line = '';
          lineUnits = 0;
        }
        line += cluster;
        lineUnits += clusterUnits;
      }
    }
    lines.push(line);
  }
  // Blank lines at the ends take room and show nothing: a text's trailing newline is not a line.
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines;
}

/** The last line shortened, a character at a time from its end, until it ends with "…" within the width. */
function ellipsis(measure: TextMeasure, line: string, maxWidth: number, size: number): string {
  const clusters = measure.clusters(line);
  let units = measure.units('…');
  for (const cluster of clusters) units += measure.characterUnits(cluster);
  let kept = clusters.length;
  while (kept > 0 && measure.width(units, size) > maxWidth) {
    kept -= 1;
    units -= measure.characterUnits(clusters[kept]);
  }
  return `${clusters.slice(0, kept).join('').trimEnd()}…`;
}

export interface FittedText {
  fontSize: number;
  lines: string[];
  /** False when even the smallest size needed more lines than allowed: the last line is cut with "…". */
  fits: boolean;
}

export interface FitRule {
  font?: TextFont;
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
  const measure = createTextMeasure(fontFace(rule.font ?? DEFAULT_TEXT_FONT));
  const step = rule.usualSize / 30;
  for (let fontSize = rule.usualSize; fontSize >= rule.smallestSize - step / 2; fontSize -= step) {
    const lines = wrap(measure, text, rule.maxWidth, fontSize);
    if (lines.length <= rule.maxLines(fontSize)) return { fontSize, lines, fits: true };
  }
  const fontSize = rule.smallestSize;
  const maxLines = Math.max(1, rule.maxLines(fontSize));
  const lines = wrap(measure, text, rule.maxWidth, fontSize);
  if (lines.length <= maxLines) return { fontSize, lines, fits: true };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsis(measure, kept[maxLines - 1], rule.maxWidth, fontSize);
  return { fontSize, lines: kept, fits: false };
}

/** What the layout gives a text nobody styled: its font size (a cover title is set larger, a third of its block at most). */
export interface TextDefaults {
  fontSizePt: number;
  cover: boolean;
}

/** The size a text is set at first, in millimetres; an unstyled one may shrink from it. */
function usualSizeMm(style: TextStyle | undefined, blockHeightMm: number, defaults: TextDefaults): number {
  if (style) return style.size * MM_PER_POINT;
  const layoutSize = defaults.fontSizePt * MM_PER_POINT;
  return defaults.cover ? Math.max(layoutSize, blockHeightMm * 0.3) : layoutSize;
}

export interface SetText {
  item: TextItem;
  /** Every line fits the block (a styled text at its size; an unstyled one at half its usual size at the least). */
  fits: boolean;
  /** Characters the font has no glyph for: they would print as empty boxes. */
  missingCharacters: string[];
  /** The ink's box: from the widest line's start to its end, from the first line's ascent to the last one's descent. */
  extent: Rect;
}

/**
 * The text set in its block (a rectangle in millimetres): lines, size, where each line starts, centred vertically.
 * Every reader of a stored text comes here (the editor's answers, preflight, viewer, previews, print): a text past
 * the bounds of text-bounds.ts is set cut to them.
 */
export function setText(storedText: string, style: TextStyle | undefined, rect: Rect, defaults: TextDefaults): SetText {
  const text = boundedText(storedText);
  const font = knownFont(style?.font);
  const face = fontFace(font);
  const align: TextAlignment = style?.align ?? 'center';
  const usual = usualSizeMm(style, rect.height, defaults);
  const maxLines = (size: number) => Math.max(1, Math.floor((rect.height + 1e-9) / (size * LINE_HEIGHT)));
  const maxWidth = rect.width * TEXT_WIDTH_SHARE;
  const fitted = fitText(text, { font, maxWidth, usualSize: usual, smallestSize: style ? usual : usual * SMALLEST_UNSTYLED, maxLines });
  // One line taller than its block still shows (a one-line caption in a thin frame) but does not fit.
  const fits = fitted.fits && fitted.lines.length * fitted.fontSize * LINE_HEIGHT <= rect.height + 1e-6;
  const size = fitted.fontSize;
  const ascent = (face.ascent / face.unitsPerEm) * size;
  const descent = (-face.descent / face.unitsPerEm) * size;
  const lineHeight = size * LINE_HEIGHT;
  const first = rect.y + (rect.height - fitted.lines.length * lineHeight) / 2 + (lineHeight + ascent - descent) / 2;
  const baselines = fitted.lines.map((_, index) => first + index * lineHeight);
  const widths = fitted.lines.map((line) => lineWidth(face, line, size));
  const inner = { left: rect.x + (rect.width - maxWidth) / 2, right: rect.x + (rect.width + maxWidth) / 2 };
  const starts = widths.map((width) => (align === 'left' ? inner.left : align === 'right' ? inner.right - width : rect.x + (rect.width - width) / 2));
  const left = Math.min(...starts);
  const right = Math.max(...starts.map((start, index) => start + widths[index]));
  const missing = new Set<string>();
  for (const char of new Set(text.replace(/\s/g, ''))) if (!face.hasGlyphForCodePoint(char.codePointAt(0)!)) missing.add(char);
  return {
    item: { kind: 'text', font, fontSize: size, color: style?.color ?? TEXT_COLOR, lines: fitted.lines, starts, baselines },
    fits,
    missingCharacters: [...missing],
    extent: { x: left, y: baselines[0] - ascent, width: right - left, height: baselines[baselines.length - 1] + descent - (baselines[0] - ascent) },
  };
}

/**
 * Whether the text fits a block of that size in millimetres, set with that style (none: the layout's font size,
 * centred, DejaVu Sans, shrinking to half that size if needed): the rule the preflight, the renderers and the editor share.
 */
export function textFits(text: string, style: TextStyle | undefined, blockMm: { width: number; height: number }, layoutFontSizePt: number, cover = false): boolean {
  if (!text.trim()) return true;
  // Every editing answer tells whether each styled text of its page fits, though most of them did not change:
  // setting a text is the dearest part of an answer, and its outcome depends on these values alone.
  return fitsKnown.get(JSON.stringify([text, style, blockMm.width, blockMm.height, layoutFontSizePt, cover]),
    () => setText(text.trim(), style, { x: 0, y: 0, ...blockMm }, { fontSizePt: layoutFontSizePt, cover }).fits);
}

/**
 * Texts' fits already worked out, by everything that decides one; 2,000 at most (a text is at most 2,000 characters:
 * a few MB at worst, a few hundred KB for captions).
 */
const fitsKnown = createBoundedMemo<boolean>(2_000);
