// A text as an image of its own (the shop's front end draws every TEXT block from such a picture): the text item the
// renderer sets, drawn with the same glyph outlines on a transparent canvas the size of its block.
import sharp from 'sharp';
import { textPaths } from './glyph-paths';
import type { Rect, TextItem } from './scene';

/** Pixels per millimetre of a text image: 150 dpi, sharp on a screen at twice the preview's size. */
export const TEXT_IMAGE_PX_PER_MM = 150 / 25.4;
/** The longest side of a text image, whatever the block's size. */
const MAX_SIDE = 2400;

/** The text item, set in the block at `block` (scene millimetres), as a transparent PNG of the block's proportions. */
export async function renderTextImage(item: TextItem, block: Rect): Promise<Buffer> {
  const scale = Math.min(TEXT_IMAGE_PX_PER_MM, MAX_SIDE / Math.max(block.width, block.height));
  const width = Math.max(1, Math.round(block.width * scale));
  const height = Math.max(1, Math.round(block.height * scale));
  const moved = { ...item, starts: item.starts.map((x) => x - block.x), baselines: item.baselines.map((y) => y - block.y) };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${textPaths(moved, scale, scale)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
