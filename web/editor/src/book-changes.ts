// Applying what the service says changed (an ack's response_data, a layout:changed event) to a layout read.
import type { Layout, LayoutChange, Page } from './types';

const byNum = (a: Page, b: Page) => a.num - b.num;

export function applyChange(layout: Layout, change: LayoutChange, version: number): Layout {
  const changedPages = [...(change.pages ?? []), ...(change.data ? [change.data] : []), ...(change.page ? [change.page] : [])];
  const removed = new Set(change.removed_page_ids ?? []);
  const replaced = new Map(changedPages.map((page) => [page.id, page]));
  const kept = layout.pages.filter((page) => !removed.has(page.id) && !replaced.has(page.id));
  const pages = [...kept, ...replaced.values()].sort(byNum);
  const delta = change.layout;
  return {
    ...layout,
    version: Math.max(version, layout.version),
    pages,
    ...(delta ? { num_pages: delta.num_pages, photo_ids: delta.photo_ids, photos: delta.photos, price_info: delta.price_info } : {}),
    ...(delta?.status ? { status: delta.status as Layout['status'] } : {}),
  };
}

/** The spreads as shown: the cover alone, then interior pages two by two (1-2, 3-4, ...). */
export function spreadsOf(layout: Layout): Page[][] {
  const spreads: Page[][] = [];
  for (const page of layout.pages) {
    if (page.type === 'COVER') spreads.push([page]);
    else if (page.num % 2 === 1) spreads.push([page]);
    else spreads[spreads.length - 1]?.push(page);
  }
  return spreads;
}

export const spreadIndexOfPage = (layout: Layout, pageId: string) => spreadsOf(layout).findIndex((spread) => spread.some((page) => page.id === pageId));

/** The photo ids placed in PHOTO blocks anywhere in the book. */
export function placedPhotoIds(layout: Layout): Set<number> {
  const placed = new Set<number>();
  for (const page of layout.pages) for (const block of page.blocks) if (block.content.photo) placed.add(block.content.photo.photo_id);
  return placed;
}
