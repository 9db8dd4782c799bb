// A layout's page as a scene: its blocks (backgrounds, photos, texts) placed in millimetres on the printed page, or
// on the cover spread with the real spine, optionally with bleed around it.
import type { Block, Box } from '../shared/layout-document';
import { coverSpreadMm, coverTemplateSize, type FormatSize, coverXMapper, pageSizeMm } from './book-geometry';
import type { Rect, Scene, SceneItem } from './scene';
import { fitText } from './text-fit';

export const MM_PER_POINT = 25.4 / 72;
const TEXT_COLOR = '#2b2b2b';
/** Edges this close (in percent) to the page's edge are the page's edge: such blocks run into the bleed. */
const EDGE = 0.01;

export interface LayoutPageSource {
  type: 'COVER' | 'PAGE';
  blocks: Block[];
}

export interface PageSceneOptions {
  format: FormatSize;
  /** Interior pages of the book: the spine's width follows it. */
  interiorPages: number;
  /** The layout's font size, in points. */
  fontSizePt: number;
  /** Extra millimetres on every side, filled by the blocks that touch the page's edge (3 for print, 0 on screen). */
  bleedMm: number;
  /** A block's image by its media key; undefined when it cannot be read. */
  readImage(key: string): Promise<Buffer | undefined>;
}

export interface PageScene {
  scene: Scene;
  /** Images that blocks name but that could not be read. */
  missingImages: string[];
}

/** The rectangle of content_warp (percent of the block) inside a block's rectangle. */
const warp = (block: Rect, box: Box): Rect => ({
  x: block.x + (box.x / 100) * block.width, y: block.y + (box.y / 100) * block.height,
  width: (box.width / 100) * block.width, height: (box.height / 100) * block.height,
});

/** A text block's lines, centred in the block, at the layout's size or smaller until they fit. */
function textItem(text: string, rect: Rect, fontSize: number): SceneItem | undefined {
  const { fontSize: size, lines } = fitText(text, {
    maxWidth: rect.width * 0.92, usualSize: fontSize, smallestSize: fontSize * 0.5,
    maxLines: (candidate) => Math.max(1, Math.floor(rect.height / (candidate * 1.2))),
  });
  const lineHeight = size * 1.2;
  const first = rect.y + (rect.height - lines.length * lineHeight) / 2 + size * 0.95;
  return { kind: 'text', lines, fontSize: size, centerX: rect.x + rect.width / 2, baselines: lines.map((_, index) => first + index * lineHeight), color: TEXT_COLOR };
}

export async function layoutPageScene(page: LayoutPageSource, options: PageSceneOptions): Promise<PageScene> {
  const { format, interiorPages, bleedMm: bleed } = options;
  const cover = page.type === 'COVER';
  const trim = cover ? coverSpreadMm(format, interiorPages) : pageSizeMm(format);
  // Block percentages are of the editor's page: for the cover, its template with the nominal spine.
  const editorWidth = cover ? coverTemplateSize(format).width : trim.width;
  const mapX = cover ? coverXMapper(format, interiorPages) : (x: number) => x;
  const place = (block: Box): Rect => {
    const left = block.x <= EDGE ? -bleed : mapX((block.x / 100) * editorWidth);
    const right = block.x + block.width >= 100 - EDGE ? trim.width + bleed : mapX(((block.x + block.width) / 100) * editorWidth);
    const top = block.y <= EDGE ? -bleed : (block.y / 100) * trim.height;
    const bottom = block.y + block.height >= 100 - EDGE ? trim.height + bleed : ((block.y + block.height) / 100) * trim.height;
    return { x: left + bleed, y: top + bleed, width: right - left, height: bottom - top };
  };
  // A cover title is set larger than body text: a third of its block's height at most.
  const textSize = (rect: Rect) => (cover ? Math.max(options.fontSizePt * MM_PER_POINT, rect.height * 0.3) : options.fontSizePt * MM_PER_POINT);
  const items: SceneItem[] = [];
  const missingImages: string[] = [];
  for (const block of page.blocks) {
    const rect = place(block);
    if (block.type === 'TEXT') {
      const text = block.content.text.trim();
      const item = text ? textItem(text, rect, textSize(rect)) : undefined;
      if (item) items.push(item);
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
  return { scene: { width: trim.width + 2 * bleed, height: trim.height + 2 * bleed, background: '#ffffff', items }, missingImages };
}
