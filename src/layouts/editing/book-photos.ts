// layout/add_photos and layout/remove_photos: the book's own photo list, from which its PHOTO blocks are filled.
// Only the book owner's photos join it; removing a photo from the book also empties the blocks that hold it.
import { invalid, notFound } from '../../shared/errors';
import type { Block } from '../../shared/layout-document';
import type { EditOperation } from './messages';
import type { EditedPage } from './state';
import { currentPages } from './history';

/** A book lists at most this many photos (a 100-page book with several photos a page stays well below it). */
export const PHOTOS_PER_BOOK = 1000;

export const addBookPhotos: EditOperation<'layout-add-photos.json'> = {
  schemaId: 'layout-add-photos.json',
  targets: ({ params, payload }) => ({ layoutId: params.layout_id, photoIds: payload.photo_ids, photoList: true }),
  apply(state, message) {
    const layout = state.layouts.get(message.params.layout_id)!;
    // A member of a shared book adds photos of their own; they stay theirs (issue 50).
    const photosOwner = state.sender?.member ? state.sender.id : layout.ownerId;
    for (const id of message.payload.photo_ids) {
      const photo = state.photos.get(id);
      // Another owner's photo is as unknown as a photo that does not exist.
      if (!photo || photo.ownerId !== photosOwner || photo.deleted) throw notFound(`Photo ${id} not found.`);
    }
    const added = message.payload.photo_ids.filter((id) => !layout.photoIds.includes(id));
    if (layout.photoIds.length + added.length > PHOTOS_PER_BOOK) {
      throw invalid({ payload: [`A book lists at most ${PHOTOS_PER_BOOK} photos.`] });
    }
    // Nothing new keeps the list as it is: no change, no step to undo.
    if (added.length > 0) layout.photoIds = [...layout.photoIds, ...new Set(added)];
    return { pages: [], layout: true };
  },
};

const emptied = (block: Block, removed: Set<number>): Block => {
  if (!block.content.photo || !removed.has(block.content.photo.photo_id)) return block;
  const { photo: _photo, ...content } = block.content;
  return { ...block, content_warp: { x: 0, y: 0, width: 100, height: 100 }, content };
};

export const removeBookPhotos: EditOperation<'layout-remove-photos.json'> = {
  schemaId: 'layout-remove-photos.json',
  targets: ({ params }) => ({ layoutId: params.layout_id, wholeLayout: true, photoList: true }),
  apply(state, message) {
    const layout = state.layouts.get(message.params.layout_id)!;
    const removed = new Set(message.payload.photo_ids);
    // Lists without the removed photos, or the same lists when they held none of them (no change, no step to undo).
    const without = <T>(items: T[], photoOf: (item: T) => number | undefined) =>
      (items.some((item) => removed.has(photoOf(item) ?? -1)) ? items.filter((item) => !removed.has(photoOf(item) ?? -1)) : items);
    layout.photoIds = without(layout.photoIds, (id) => id);
    layout.unplaced = without(layout.unplaced, (item) => item.content.photo?.photo_id);
    const pages: EditedPage[] = [];
    for (const page of currentPages(state, layout.id).values()) {
      const blocks = page.blocks.map((block) => emptied(block, removed));
      if (blocks.every((block, index) => block === page.blocks[index])) continue;
      Object.assign(page, { blocks, changed: true });
      pages.push(page);
    }
    return { pages, layout: true };
  },
};
