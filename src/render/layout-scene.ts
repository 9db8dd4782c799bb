// A layout's page as a scene: its blocks (backgrounds, placed photos, texts) in millimetres on the printed page, or
// on the cover spread with the real spine, optionally with bleed around it; with each block's place for the preflight.
import type { Block, Box } from '../shared/layout-document';
import { type BookGeometry, coverTemplateSize, coverXMapperFor, type FormatSize, shopGeometry } from './book-geometry';
import type { Rect, Scene, SceneItem } from './scene';
import { type SetText, setText } from './text-layout';

export { MM_PER_POINT } from './text-layout';
/** Edges this close (in percent) to the page's edge are the page's edge: such blocks run into the bleed. */
const EDGE = 0.01;

export interface LayoutPageSource {
  type: 'COVER' | 'PAGE';
  blocks: Block[];
}

/** A shopper's photo as a renderer needs it: its print master's size, and the master read when drawn. */
export interface PhotoSource {
  width: number;
  height: number;
  load(): Promise<Buffer | undefined>;
}

export interface PageSceneOptions {
  format: FormatSize;
  /** Interior pages of the book: the spine's width follows it. */
  interiorPages: number;
  /** The layout's font size, in points. */
  fontSizePt: number;
  /** Extra millimetres on every side, filled by the blocks that touch the page's edge (3 for print, 0 on screen). */
  bleedMm: number;
  /** The printer's sizes (page, spine, bleed, cover margin); absent: the shop's own, with bleedMm around every page. */
  geometry?: BookGeometry;
  /** A block's image by its media key; undefined when it cannot be read. */
  readImage(key: string): Promise<Buffer | undefined>;
  /** A placed photo by its id; undefined when the book has no such photo ready. */
  photo(photoId: number): PhotoSource | undefined;
}

/** Where a block is, for the preflight: its rectangle on the trimmed page (no bleed), and its text as set. */
export interface PlacedBlock {
  block: Block;
  trim: Rect;
  /** Which sides of the page it runs to (it then bleeds). */
  bleeds: { left: boolean; top: boolean; right: boolean; bottom: boolean };
  text?: SetText;
}

export interface PageScene {
  scene: Scene;
  /** Images that blocks name but that could not be read. */
  missingImages: string[];
  /** Placed photos the book has no ready master for. */
  missingPhotos: number[];
  placed: PlacedBlock[];
  /** The trimmed page inside the scene (the scene less its bleed). */
  trim: Rect;
}

/** The rectangle of content_warp (percent of the block) inside a block's rectangle. */
const warp = (block: Rect, box: Box): Rect => ({
  x: block.x + (box.x / 100) * block.width, y: block.y + (box.y / 100) * block.height,
  width: (box.width / 100) * block.width, height: (box.height / 100) * block.height,
});

export async function layoutPageScene(page: LayoutPageSource, options: PageSceneOptions): Promise<PageScene> {
  const { format, interiorPages } = options;
  const cover = page.type === 'COVER';
  const geometry = options.geometry ?? shopGeometry(format, interiorPages, options.bleedMm);
  const bleed = cover ? geometry.coverMargin : geometry.bleed;
  const trimSize = cover ? { width: 2 * geometry.page.width + geometry.spine, height: geometry.page.height } : geometry.page;
  // Block percentages are of the editor's page: for the cover, its template with the nominal spine.
  const editorWidth = cover ? coverTemplateSize(format).width : trimSize.width;
  const mapX = cover ? coverXMapperFor(format, geometry) : (x: number) => x;
  const place = (block: Box) => {
    const bleeds = { left: block.x <= EDGE, top: block.y <= EDGE, right: block.x + block.width >= 100 - EDGE, bottom: block.y + block.height >= 100 - EDGE };
    const left = bleeds.left ? 0 : mapX((block.x / 100) * editorWidth);
    const right = bleeds.right ? trimSize.width : mapX(((block.x + block.width) / 100) * editorWidth);
    const top = bleeds.top ? 0 : (block.y / 100) * trimSize.height;
    const bottom = bleeds.bottom ? trimSize.height : ((block.y + block.height) / 100) * trimSize.height;
    const trim = { x: left + bleed, y: top + bleed, width: right - left, height: bottom - top };
    const extend = { left: bleeds.left ? bleed : 0, top: bleeds.top ? bleed : 0, right: bleeds.right ? bleed : 0, bottom: bleeds.bottom ? bleed : 0 };
    const rect = { x: trim.x - extend.left, y: trim.y - extend.top, width: trim.width + extend.left + extend.right, height: trim.height + extend.top + extend.bottom };
    return { trim, rect, bleeds };
  };
  const items: SceneItem[] = [];
  const missingImages: string[] = [];
  const missingPhotos: number[] = [];
  const placed: PlacedBlock[] = [];
  for (const block of page.blocks) {
    const { trim, rect, bleeds } = place(block);
    const where: PlacedBlock = { block, trim: { ...trim, x: trim.x - bleed, y: trim.y - bleed }, bleeds };
    placed.push(where);
    if (block.type === 'TEXT') {
      const text = block.content.text.trim();
      if (!text) continue;
      // A text never runs into the bleed: it is set in its block as the editor shows it.
      where.text = setText(text, block.content.style, trim, { fontSizePt: options.fontSizePt, cover });
      items.push(where.text.item);
      continue;
    }
    const placement = block.content.photo;
    if (placement) {
      const photo = options.photo(placement.photo_id);
      if (!photo) {
        missingPhotos.push(placement.photo_id);
        continue;
      }
      const crop = placement.crop;
      items.push({
        kind: 'photo', rect, trim, rotation: placement.rotation, mirror: placement.mirror,
        crop: { x: crop.x, y: crop.y, width: crop.width, height: crop.height }, pixels: { width: photo.width, height: photo.height }, load: photo.load,
      });
      continue;
    }
    const key = block.content.image;
    if (!key) continue;
    const source = await options.readImage(key);
    if (!source) {
      missingImages.push(key);
      continue;
    }
    items.push({ kind: 'image', source, rect: warp(rect, block.content_warp), clip: rect, photo: block.type === 'PHOTO' });
  }
  return {
    scene: { width: trimSize.width + 2 * bleed, height: trimSize.height + 2 * bleed, background: '#ffffff', items },
    missingImages, missingPhotos, placed, trim: { x: bleed, y: bleed, ...trimSize },
  };
}
