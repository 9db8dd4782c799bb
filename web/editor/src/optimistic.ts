// What an edit looks like before the service answers: each operation's likely result, drawn at once. The ack's
// answer replaces it; a refusal drops it (see edit-session.ts), so a guess here is never what is kept.
import { blockSizeMm, clampCrop, coveringCrop } from '../../../src/shared/photo-placement';
import type { Box, PlacementRotation } from '../../../src/shared/layout-document';
import type { Block, EditMessage, Layout, Page } from './types';

const pageMm = (page: Page) => page.template && { width: page.template.width, height: page.template.height };

function withBlock(layout: Layout, blockId: string, change: (block: Block, page: Page) => Block): Layout {
  return {
    ...layout,
    pages: layout.pages.map((page) => (page.blocks.some((block) => block.id === blockId)
      ? { ...page, blocks: page.blocks.map((block) => (block.id === blockId ? change(block, page) : block)) }
      : page)),
  };
}

const renumber = (pages: Page[]) => pages.map((page, index) => (page.num === index ? page : { ...page, num: index }));

/** Interior pages grouped by spread (pairs), the cover apart. */
function splitSpreads(layout: Layout): { cover: Page[]; spreads: Page[][] } {
  const cover = layout.pages.filter((page) => page.type === 'COVER');
  const interior = layout.pages.filter((page) => page.type !== 'COVER');
  const spreads: Page[][] = [];
  for (let index = 0; index < interior.length; index += 2) spreads.push(interior.slice(index, index + 2));
  return { cover, spreads };
}

const spreadOf = (spreads: Page[][], pageId: string) => spreads.findIndex((spread) => spread.some((page) => page.id === pageId));

/** The crop a photo takes in a block, as block/set or block/crop make it (the service's own rules, shared). */
export function cropFor(block: Block, page: Page, size: { w: number; h: number }, rotation: PlacementRotation, requested?: Box): Box {
  const pageSize = pageMm(page);
  const pixels = { width: size.w, height: size.h };
  // A page with no scheme yet has no size to fit to: the whole photo (the service's answer replaces the guess).
  if (!pageSize) return requested ?? { x: 0, y: 0, width: size.w, height: size.h };
  const mm = blockSizeMm(block, pageSize);
  return requested ? clampCrop(pixels, requested, rotation, mm) : coveringCrop(pixels, rotation, mm);
}

export function optimisticResult(layout: Layout, message: EditMessage): Layout {
  const { object, action, params, payload } = message;
  const id = params.id ?? '';
  if (object === 'block' && action === 'set') {
    const photo = layout.photos?.find((candidate) => candidate.photo_id === payload.photo_id);
    if (!photo) return layout;
    const size = { w: photo.size_orig.w, h: photo.size_orig.h };
    return withBlock(layout, id, (block, page) => ({
      ...block,
      content: { ...block.content, photo: { photo_id: photo.photo_id, crop: cropFor(block, page, size, 0), rotation: 0, mirror: false, image: photo.url, size } },
    }));
  }
  if (object === 'block' && action === 'crop') {
    return withBlock(layout, id, (block, page) => {
      const photo = block.content.photo;
      if (!photo?.size) return block;
      const rotation = (payload.rotation ?? photo.rotation) as PlacementRotation;
      const crop = cropFor(block, page, photo.size, rotation, payload.crop as Box);
      return { ...block, content: { ...block.content, photo: { ...photo, crop, rotation, mirror: (payload.mirror ?? photo.mirror) as boolean } } };
    });
  }
  if (object === 'block' && action === 'clear') {
    return withBlock(layout, id, (block) => {
      const { photo: _photo, style: _style, ...content } = block.content;
      return { ...block, content: { ...content, text: '' } };
    });
  }
  if (object === 'block' && action === 'text') {
    return withBlock(layout, id, (block) => {
      const style = { font: 'DejaVu Sans', size: layout.font_size, color: '#2b2b2b', align: 'center' as const, ...block.content.style };
      const { text, ...styleChange } = payload as { text?: string };
      return { ...block, content: { ...block.content, text: text ?? block.content.text, style: { ...style, ...styleChange } } };
    });
  }
  if (object === 'page' && (action === 'remove' || action === 'move' || action === 'add')) {
    const { cover, spreads } = splitSpreads(layout);
    const from = spreadOf(spreads, id);
    if (action === 'remove' && from >= 0) spreads.splice(from, 1);
    if (action === 'move' && from >= 0) {
      const [moving] = spreads.splice(from, 1);
      spreads.splice(spreadOf(spreads, payload.after as string) + 1, 0, moving);
    }
    if (action === 'add') {
      const model = from >= 0 ? spreads[from] : spreads[0] ?? [];
      const copies = model.map((page, index) => ({
        ...page, id: `${message.transaction_id}-${index}`,
        blocks: page.blocks.map((block) => (block.type === 'BACKGROUND' ? block : { ...block, content: { image: null, text: '', link: null } })),
      }));
      spreads.splice(from + 1, 0, copies);
    }
    const pages = renumber([...cover, ...spreads.flat()]);
    return { ...layout, pages, num_pages: pages.length };
  }
  if (object === 'page' && action === 'set') {
    // A page with no scheme yet keeps waiting for the service's answer, which brings the scheme's size.
    return { ...layout, pages: layout.pages.map((page) => (page.id === id && page.template ? { ...page, template: { ...page.template, id: payload.id as number } } : page)) };
  }
  if (object === 'layout' && action === 'add_photos') {
    const ids = (payload.photo_ids as number[]).filter((photoId) => !layout.photo_ids.includes(photoId));
    return { ...layout, photo_ids: [...layout.photo_ids, ...ids] };
  }
  return layout;
}

/** Pages an optimistic page/add made up: nothing may be sent about them until the service names them. */
export const isProvisionalPage = (page: Page, pending: EditMessage[]) => pending.some((message) => page.id.startsWith(message.transaction_id));
