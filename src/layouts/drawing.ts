// A layout with what drawing it needs (its format, its pages, its placed photos' masters), and its pages as scenes
// for the shared renderer.
import type { SqlExecutor } from '../db/database';
import { type MediaStorage, readIfPresent } from '../media/storage';
import type { BookGeometry } from '../render/book-geometry';
import { layoutPageScene, type PageScene, type PhotoSource } from '../render/layout-scene';
import { createLayoutsRepository, type Format, type LayoutPageRow, type LayoutRow } from './repository';
import { createPlacedPhotosRepository, type PlacedPhotoRow } from './placed-photos-repository';

export interface DrawableLayout {
  layout: LayoutRow;
  format: Format;
  /** In page order, the cover (page 0) first. */
  pages: LayoutPageRow[];
  /** The pages inside the cover: the spine's width follows their count. */
  interiorPages: number;
  /** The print masters of the photos its blocks place, by photo id (those the book may draw: see mastersOf). */
  photos: Map<number, PlacedPhotoRow>;
}

/** Where a drawing reads from: theme images from media storage, photos' masters from the private file area. */
export interface DrawingSources {
  readImage(key: string): Promise<Buffer | undefined>;
  readMaster(key: string): Promise<Buffer | undefined>;
}

const placedPhotoIds = (pages: LayoutPageRow[]) => [...new Set(pages.flatMap((page) => page.blocks
  .map((block) => block.content.photo?.photo_id).filter((id): id is number => Number.isInteger(id))))];

/** The layout with its format, pages and photos; undefined when it has no format to draw at. */
export async function loadDrawableLayout(sql: SqlExecutor, layout: LayoutRow): Promise<DrawableLayout | undefined> {
  const repository = createLayoutsRepository(sql);
  const format = layout.formatId === null ? undefined : await repository.format(layout.formatId);
  if (!format) return undefined;
  const pages = await repository.pagesOf(layout.id);
  const masters = await createPlacedPhotosRepository(sql).mastersOf(layout.id, placedPhotoIds(pages));
  return {
    layout, format, pages, interiorPages: pages.filter((page) => page.type === 'PAGE').length,
    photos: new Map(masters.map((row) => [row.id, row])),
  };
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

/**
 * The sources of a drawing: theme images cached for the drawing's life, photos' masters read each time one is drawn
 * and never kept (a book's photos together would not fit in memory; each is drawn about once).
 */
export const drawingSources = (media: MediaStorage, photoFiles: MediaStorage): DrawingSources => ({
  readImage: mediaImageReader(media),
  readMaster: (key) => readIfPresent(photoFiles, key),
});

/** geometry: the printer's sizes (print files); absent, the shop's own with bleedMm (previews, the viewer). */
export function drawLayoutPage(
  drawable: DrawableLayout, page: LayoutPageRow, sources: DrawingSources, bleedMm: number, geometry?: BookGeometry,
): Promise<PageScene> {
  return layoutPageScene(page, {
    format: drawable.format, interiorPages: drawable.interiorPages, fontSizePt: drawable.layout.fontSize, bleedMm, geometry,
    readImage: sources.readImage,
    photo(photoId): PhotoSource | undefined {
      const master = drawable.photos.get(photoId);
      return master && { width: master.width, height: master.height, load: () => sources.readMaster(master.masterKey) };
    },
  });
}
