// Widths of a text's words and characters in font units, each shaped once: a width in font units does not depend
// on the size, so the sizes fitText tries and the lines it weighs reuse them, and setting a text costs work in
// proportion to its length (re-shaping a whole line per character made one 2,000-character text cost seconds).
import type { FontFace } from './fonts';
import { graphemeClusters } from './text-bounds';

export interface TextMeasure {
  face: FontFace;
  /** The sum of the piece's glyph advances, shaped as one run (ligatures and joined forms as the line shows them). */
  units(piece: string): number;
  /** The piece's grapheme clusters, where a word too long for its line may be broken. */
  clusters(piece: string): string[];
  /**
   * A character's own advances, unshaped (one cmap lookup per code point instead of a shaping run each): the same
   * sum as shaped unless the font substitutes glyphs (ligatures, joined forms of a joining script).
   */
  characterUnits(cluster: string): number;
  /** Units at a size, in the size's unit: as a PDF viewer places the glyphs (no kerning). */
  width(units: number, size: number): number;
}

export function createTextMeasure(face: FontFace): TextMeasure {
  const unitsOf = new Map<string, number>();
  const clustersOf = new Map<string, string[]>();
  return {
    face,
    units(piece) {
      let units = unitsOf.get(piece);
      if (units === undefined) {
        units = 0;
        for (const glyph of face.layout(piece).glyphs) units += glyph.advanceWidth;
        unitsOf.set(piece, units);
      }
      return units;
    },
    clusters(piece) {
      let clusters = clustersOf.get(piece);
      if (!clusters) clustersOf.set(piece, (clusters = graphemeClusters(piece)));
      return clusters;
    },
    characterUnits(cluster) {
      let units = 0;
      for (const character of cluster) units += face.glyphForCodePoint(character.codePointAt(0)!).advanceWidth;
      return units;
    },
    width: (units, size) => (units * size) / face.unitsPerEm,
  };
}
