// The fonts texts are set in (the dejavu-fonts-ttf files TEXT_FONTS names): their bytes for embedding in PDFs and
// their metrics and glyph outlines, read once per process, so that every renderer measures and draws the same glyphs.
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { DEFAULT_TEXT_FONT, TEXT_FONTS, type TextFont } from '../shared/layout-document';

export type FontFace = ReturnType<typeof fontkit.create>;

const bytes = new Map<TextFont, Buffer>();
const faces = new Map<TextFont, FontFace>();

/** A name that is not one of TEXT_FONTS (an old document, a hand-edited row) is set in the default font. */
export const knownFont = (font: string | undefined): TextFont => (font !== undefined && font in TEXT_FONTS ? font as TextFont : DEFAULT_TEXT_FONT);

/** The font file (the Bitstream Vera licence allows embedding). */
export function fontBytes(font: TextFont): Buffer {
  let data = bytes.get(font);
  if (!data) bytes.set(font, (data = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${TEXT_FONTS[font]}`))));
  return data;
}

export function fontFace(font: TextFont): FontFace {
  let face = faces.get(font);
  if (!face) faces.set(font, (face = fontkit.create(fontBytes(font))));
  return face;
}
