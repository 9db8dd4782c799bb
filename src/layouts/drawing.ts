// A layout with what drawing it needs (its format, its pages), and its pages as scenes for the shared renderer.
import { type MediaStorage, readIfPresent } from '../media/storage';
import { layoutPageScene, type PageScene } from '../render/layout-scene';
import type { Format, LayoutPageRow, LayoutRow, LayoutsRepository } from './repository';

export interface DrawableLayout {
  layout: LayoutRow;
  format: Format;
  /** In page order, the cover (page 0) first. */
  pages: LayoutPageRow[];
  /** The pages inside the cover: the spine's width follows their count. */
  interiorPages: number;
}

/** The layout with its format and pages; undefined when it has no format to draw at. */
export async function loadDrawableLayout(repository: LayoutsRepository, layout: LayoutRow): Promise<DrawableLayout | undefined> {
  const format = layout.formatId === null ? undefined : await repository.format(layout.formatId);
  if (!format) return undefined;
  const pages = await repository.pagesOf(layout.id);
  return { layout, format, pages, interiorPages: pages.filter((page) => page.type === 'PAGE').length };
}

/**
 * Reads a block's image from media storage, once per key for the reader's life (a theme's page background is on
 * every page). Absolute URLs are not fetched: a renderer never makes requests to other hosts.
 */
export function mediaImageReader(media: MediaStorage): (key: string) => Promise<Buffer | undefined> {
  const read = new Map<string, Promise<Buffer | undefined>>();
  return (key) => {
    if (/^https?:/.test(key)) return Promise.resolve(undefined);
    let image = read.get(key);
    // A missing file draws as no image (with a warning in print files); an outage of the storage fails the drawing,
    // so that a print job is retried rather than printing a book without its photos.
    if (!image) {
      read.set(key, (image = readIfPresent(media, key).catch((error: unknown) => {
        read.delete(key);
        throw error;
      })));
    }
    return image;
  };
}

export function drawLayoutPage(
  drawable: DrawableLayout, page: LayoutPageRow, readImage: (key: string) => Promise<Buffer | undefined>, bleedMm: number,
): Promise<PageScene> {
  return layoutPageScene(page, {
    format: drawable.format, interiorPages: drawable.interiorPages, fontSizePt: drawable.layout.fontSize, bleedMm, readImage,
  });
}
