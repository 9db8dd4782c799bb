// block/set, block/crop and block/clear: a photo of the book in a PHOTO block, framed to cover it, moved and zoomed
// within the photo; a block emptied (a PHOTO block's photo, a TEXT block's text and style).
import { invalid, notFound } from '../../shared/errors';
import type { Block, PhotoPlacement } from '../../shared/layout-document';
import { framedCrop } from '../../shared/face-framing';
import { foldBand } from '../../shared/fold-band';
import { blockMm, findBlock, withPlacement } from './block-content';
import type { EditOperation, EditResult, MessageOf } from './messages';
import type { BatchState, EditedLayout, EditedPage, PlacementPhoto } from './state';
import { isBookPhoto } from './edit-access';

/** The block operations' messages: each names its block by params. */
type BlockMessage = MessageOf<'block-set.json' | 'block-crop.json' | 'block-clear.json'>;

const invalidPayload = (message: string) => invalid({ payload: [message] });

/** The message's block, which must be a PHOTO block on an interior page of a layout with a format. */
function photoBlock(state: BatchState, message: BlockMessage) {
  const layout = state.layouts.get(message.params.layout_id)!;
  const found = findBlock(state, layout.id, message.params.id);
  if (found.block.type !== 'PHOTO') throw invalidPayload('The block is not a PHOTO block.');
  const size = found.page.type === 'PAGE' ? blockMm(layout, found.block) : null;
  if (!size) throw invalidPayload('Photos are placed on the pages of a book with a format.');
  return { layout, ...found, size };
}

/** A photo the book lists, of the book's owner, ready and not deleted; anything else is not found. */
function bookPhoto(state: BatchState, layout: EditedLayout, photoId: number): PlacementPhoto {
  const photo = state.photos.get(photoId);
  // A member's photo the book lists is the book's too (issue 50).
  if (!photo || !isBookPhoto(state, layout, photo) || photo.deleted) throw notFound(`Photo ${photoId} not found.`);
  if (!layout.photoIds.includes(photoId)) throw invalidPayload(`Photo ${photoId} is not in the book: add it with layout/add_photos first.`);
  if (!photo.ready) throw invalidPayload(`Photo ${photoId} is still being processed.`);
  return photo;
}

function replaceBlock(page: EditedPage, index: number, block: Block): EditResult {
  page.blocks = page.blocks.map((item, at) => (at === index ? block : item));
  page.changed = true;
  return { pages: [page] };
}

const blockTargets = ({ params }: BlockMessage) => ({ layoutId: params.layout_id, blockIds: [params.id] });

export const setBlockPhoto: EditOperation<'block-set.json'> = {
  schemaId: 'block-set.json',
  targets: (message) => ({ ...blockTargets(message), photoIds: [message.payload.photo_id] }),
  apply(state, message) {
    const { layout, page, block, index, size } = photoBlock(state, message);
    const photo = bookPhoto(state, layout, message.payload.photo_id);
    const rotation = message.payload.rotation ?? 0;
    const mirror = message.payload.mirror ?? false;
    const fold = foldBand(page.num, block, { width: layout.format!.widthCm * 10, height: layout.format!.heightCm * 10 }, mirror);
    const focus = photo.focusX === null || photo.focusY === null ? undefined : { x: photo.focusX, y: photo.focusY };
    const placement: PhotoPlacement = {
      photo_id: photo.id, rotation, mirror,
      crop: message.payload.crop ?? framedCrop(photo, rotation, size, focus, photo.look?.faces, fold),
    };
    return replaceBlock(page, index, withPlacement(block, placement, photo, size));
  },
};

export const cropBlockPhoto: EditOperation<'block-crop.json'> = {
  schemaId: 'block-crop.json',
  targets: (message) => ({ ...blockTargets(message), photoIds: [] }),
  apply(state, message) {
    const { page, block, index, size } = photoBlock(state, message);
    const current = block.content.photo;
    if (!current) throw invalidPayload('The block holds no photo: place one with block/set first.');
    const photo = state.photos.get(current.photo_id);
    // The book's owner's photo as it is now (a book that changed hands does not reframe the former owner's photo).
    const book = state.layouts.get(message.params.layout_id)!;
    if (!photo || !photo.ready || !isBookPhoto(state, book, photo)) throw notFound(`Photo ${current.photo_id} not found.`);
    const placement: PhotoPlacement = {
      ...current, crop: message.payload.crop, rotation: message.payload.rotation ?? current.rotation, mirror: message.payload.mirror ?? current.mirror,
    };
    return replaceBlock(page, index, withPlacement(block, placement, photo, size));
  },
};

export const clearBlock: EditOperation<'block-clear.json'> = {
  schemaId: 'block-clear.json',
  targets: (message) => ({ ...blockTargets(message), photoIds: [] }),
  apply(state, message) {
    const { page, block, index } = findBlock(state, message.params.layout_id, message.params.id);
    if (block.type === 'BACKGROUND') throw invalidPayload('A background is changed with page/background.');
    const { photo: _photo, style: _style, ...content } = block.content;
    const cleared: Block = { ...block, content_warp: { x: 0, y: 0, width: 100, height: 100 }, content: { ...content, image: null, text: '' } };
    return replaceBlock(page, index, cleared);
  },
};
