// The fold of a spread (issue 51): interior pages pair into spreads, pages 1-2, 3-4, ... (page-spreads.ts), so an odd
// page is a spread's left page, its inner edge on the right, and an even page its right page, the inner edge on the
// left. The binding swallows and curves the paper next to the fold: a face there is lost in the gutter. The default
// framing (face-framing.ts) keeps faces out of a band this wide on each side of the fold, where a frame reaches into it.
import type { Box } from './layout-document';
import type { SizeMm } from './photo-placement';

/**
 * How far from the fold, on each page, a face may not fall: 10 mm, what shops ask of glued (perfect-bound) books,
 * whose gutter hides and curves the most; a lay-flat book loses less, and the same band costs it little.
 */
export const FOLD_MARGIN_MM = 10;

/** The part of a crop that lies in the fold's band: the crop's left or right share of its width. */
export interface FoldBand {
  side: 'left' | 'right';
  share: number;
}

/**
 * The fold's band inside a block of an interior page (block in percent of the page), in fractions of the crop the
 * block shows (mirrored when the photo is: its right then lies on the block's left); none for a block that does not
 * reach into the band, or for the cover (num 0).
 */
export function foldBand(pageNum: number, block: Box, page: SizeMm, mirror = false): FoldBand | undefined {
  if (pageNum < 1 || block.width <= 0) return undefined;
  const left = (block.x / 100) * page.width;
  const right = ((block.x + block.width) / 100) * page.width;
  const width = right - left;
  // An odd page's fold is its right edge; an even page's its left edge. The share of the block within the band:
  const share = pageNum % 2 === 1
    ? (right - Math.max(left, page.width - FOLD_MARGIN_MM)) / width
    : (Math.min(right, FOLD_MARGIN_MM) - left) / width;
  if (share <= 1e-9) return undefined;
  const blockSide = pageNum % 2 === 1 ? 'right' : 'left';
  const side = mirror ? (blockSide === 'right' ? 'left' : 'right') : blockSide;
  return { side, share: Math.min(1, share) };
}
