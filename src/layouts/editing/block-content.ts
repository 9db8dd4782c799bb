// Finding a block in a batch's pages, its printed size, and the framing of a placed photo: shared by the block
// operations and by page/set (which moves placed photos into other slots).
import { randomUUID } from 'node:crypto';
import { notFound } from '../../shared/errors';
import type { Block, Box, PhotoPlacement } from '../../shared/layout-document';
import { blockSizeMm, clampCrop, type SizeMm } from '../../shared/photo-placement';
import type { BatchState, EditedLayout, EditedPage, PlacementPhoto } from './state';

export interface FoundBlock {
  page: EditedPage;
  block: Block;
  index: number;
}

/** The block of that id on a page of the layout that the batch read, or not_found. */
export function findBlock(state: BatchState, layoutId: string, blockId: string): FoundBlock {
  for (const page of state.pages.values()) {
    if (page.layoutId !== layoutId || state.removedPages.has(page.id)) continue;
    const index = page.blocks.findIndex((block) => block.id === blockId);
    if (index >= 0) return { page, block: page.blocks[index], index };
  }
  throw notFound('Block not found.');
}

/** A page's backgrounds again, with ids of their own: for a new page laid out like it. */
export const copiedBackgrounds = (page: EditedPage): Block[] =>
  page.blocks.filter((block) => block.type === 'BACKGROUND').map((block) => ({ ...block, id: randomUUID() }));

/** A block's printed size: its percentages of an interior page of the layout's format. */
export function blockMm(layout: EditedLayout, block: Pick<Block, 'width' | 'height'>): SizeMm | null {
  return layout.format ? blockSizeMm(block, { width: layout.format.widthCm * 10, height: layout.format.heightCm * 10 }) : null;
}

/**
 * Where the whole photo lies relative to the block, in percent of the block (content_warp): the front end draws the
 * image there, clipped by the block. Follows the crop turned by the rotation and mirrored.
 */
export function warpOf(placement: Pick<PhotoPlacement, 'crop' | 'rotation' | 'mirror'>): Box {
  const { x, y, width: w, height: h } = placement.crop;
  const turned: Record<number, Box> = {
    0: { x, y, width: w, height: h },
    90: { x: 1 - (y + h), y: x, width: h, height: w },
    180: { x: 1 - (x + w), y: 1 - (y + h), width: w, height: h },
    270: { x: y, y: 1 - (x + w), width: h, height: w },
  };
  const box = turned[placement.rotation];
  const left = placement.mirror ? 1 - (box.x + box.width) : box.x;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { x: round((-left / box.width) * 100), y: round((-box.y / box.height) * 100), width: round(100 / box.width), height: round(100 / box.height) };
}

/** The block with the placement, its crop clamped to cover the block. */
export function withPlacement(block: Block, placement: PhotoPlacement, photo: PlacementPhoto, size: SizeMm): Block {
  const crop = clampCrop(photo, placement.crop, placement.rotation, size);
  const placed = { ...placement, crop };
  return { ...block, content_warp: warpOf(placed), content: { ...block.content, image: null, photo: placed } };
}

/**
 * The page's placed photos framed again for their blocks (after a scheme change moved them into other slots): each
 * crop keeps its centre and zoom as far as the new proportions allow. A photo whose facts are unknown keeps its crop.
 */
export function reframePlaced(blocks: Block[], layout: EditedLayout, photos: BatchState['photos']): Block[] {
  return blocks.map((block) => {
    const placement = block.content.photo;
    const photo = placement && photos.get(placement.photo_id);
    const size = blockMm(layout, block);
    return placement && photo && size ? withPlacement(block, placement, photo, size) : block;
  });
}
