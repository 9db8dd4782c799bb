// Blocks on a page: building them from page schemes, and moving what a person placed when a page changes scheme.
import { randomUUID } from 'node:crypto';
import type { Block, Box, TemplateSlot, UnplacedContent } from '../shared/layout-document';

export const FULL_BOX: Box = { x: 0, y: 0, width: 100, height: 100 };
const EMPTY_CONTENT: Block['content'] = { image: null, text: '', link: null };

/** Percent with at most two decimals: slots are stored as fractions, blocks in percent. */
export const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;
/** Positions computed from others (a cover's sides, the API's units) keep four decimals. */
export const fourDecimals = (value: number) => Math.round(value * 10_000) / 10_000;

/** A background over box (the whole page unless given), the image covering it. */
export function backgroundBlock(themeElementType: string, imageKey: string | null, box: Box = FULL_BOX): Block {
  return {
    id: randomUUID(), type: 'BACKGROUND', theme_element_type: themeElementType, ...box,
    content_warp: { ...FULL_BOX }, content: { ...EMPTY_CONTENT, image: imageKey },
  };
}

export function textBlock(box: Box, text: string): Block {
  return { id: randomUUID(), type: 'TEXT', theme_element_type: null, ...box, content_warp: { ...FULL_BOX }, content: { ...EMPTY_CONTENT, text } };
}

/** The blocks with every placed photo taken out, its frame left empty (as block/clear leaves it). */
export function withoutPhotos(blocks: Block[]): Block[] {
  return blocks.map((block) => {
    if (!block.content.photo) return block;
    const { photo: _photo, ...content } = block.content;
    return { ...block, content_warp: { ...FULL_BOX }, content };
  });
}

/** Empty PHOTO and TEXT blocks, one per slot of the scheme, in the scheme's order. */
export function slotBlocks(slots: TemplateSlot[]): Block[] {
  return slots.map((slot) => ({
    id: randomUUID(),
    type: slot.kind === 'photo' ? 'PHOTO' : 'TEXT',
    theme_element_type: null,
    x: percent(slot.x), y: percent(slot.y), width: percent(slot.w), height: percent(slot.h),
    content_warp: { ...FULL_BOX },
    content: { ...EMPTY_CONTENT },
  }));
}

type Placed = Pick<UnplacedContent, 'id' | 'type' | 'content' | 'content_warp'>;

/** What a person put in a block: a photo (a shopper's, or an image), a text that is not blank. */
function hasContent(block: Block): block is Block & Placed {
  if (block.type === 'PHOTO') return Boolean(block.content.photo || block.content.image);
  if (block.type === 'TEXT') return block.content.text.trim() !== '';
  return false;
}

export interface SchemeChange {
  blocks: Block[];
  /** The layout's unplaced contents after the change. */
  unplaced: UnplacedContent[];
}

/**
 * The page's blocks under a new scheme. Backgrounds stay. The photos and texts on the page, then those this page
 * lost to earlier scheme changes, fill the new slots of their type in order; what does not fit goes to the layout's
 * unplaced list (tagged with the page), so nothing a person placed is lost and switching back restores it.
 */
export function applyScheme(pageId: string, current: Block[], slots: TemplateSlot[], unplaced: UnplacedContent[]): SchemeChange {
  const fromThisPage = unplaced.filter((item) => item.page_id === pageId);
  const candidates: Placed[] = [...current.filter(hasContent), ...fromThisPage];
  const queues = {
    PHOTO: candidates.filter((item) => item.type === 'PHOTO'),
    TEXT: candidates.filter((item) => item.type === 'TEXT'),
  };
  const filled = slotBlocks(slots).map((block): Block => {
    const placed = queues[block.type as 'PHOTO' | 'TEXT'].shift();
    return placed ? { ...block, id: placed.id, content_warp: placed.content_warp, content: placed.content } : block;
  });
  const left: UnplacedContent[] = [...queues.PHOTO, ...queues.TEXT].map((item) => ({
    id: item.id, type: item.type, page_id: pageId, content_warp: item.content_warp, content: item.content,
  }));
  return {
    blocks: [...current.filter((block) => block.type === 'BACKGROUND'), ...filled],
    unplaced: [...unplaced.filter((item) => item.page_id !== pageId), ...left],
  };
}
