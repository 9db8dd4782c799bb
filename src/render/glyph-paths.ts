// Text as SVG paths of the font's own glyph outlines: the raster renderer draws exactly the glyphs, at exactly the
// places, that the PDF shows, whatever fonts the system's fontconfig knows.
import { fontFace } from './fonts';
import type { TextItem } from './scene';

/** The item's lines as <path> elements, the scene's millimetres scaled by sx, sy to pixels. */
export function textPaths(item: TextItem, sx: number, sy: number): string {
  const face = fontFace(item.font);
  const perUnit = item.fontSize / face.unitsPerEm;
  const paths: string[] = [];
  item.lines.forEach((line, index) => {
    let pen = 0;
    const shapes: string[] = [];
    for (const glyph of face.layout(line).glyphs) {
      const outline = glyph.path.toSVG();
      // In font units: the line's group scales them (a pen scaled here too left every glyph on top of the first).
      if (outline) shapes.push(`<path transform="translate(${pen} 0)" d="${outline}"/>`);
      pen += glyph.advanceWidth;
    }
    if (shapes.length === 0) return;
    // Font units have y upwards; the scene's millimetres have y downwards.
    const transform = `translate(${(item.starts[index] * sx).toFixed(3)} ${(item.baselines[index] * sy).toFixed(3)}) scale(${(perUnit * sx).toFixed(6)} ${(-perUnit * sy).toFixed(6)})`;
    paths.push(`<g transform="${transform}" fill="${item.color}">${shapes.join('')}</g>`);
  });
  return paths.join('\n');
}
