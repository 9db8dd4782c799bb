// Response bodies for layouts and pages (schemes/layout.json, layout-page.json, layout-summary.json, scheme.json).
import type { Block, UnplacedContent } from '../db/tables/index';
import type { MediaStorage } from '../media/storage';
import { percent } from './blocks';
import type { LayoutPageRow, LayoutRow, Template } from './repository';

type PageForPresenting = Pick<LayoutPageRow, 'id' | 'layoutId' | 'num' | 'type' | 'factor' | 'widthPx' | 'viewbox' | 'templateId' | 'templateWidth' | 'templateHeight' | 'blocks'>;

/** Stored images are media keys; clients get absolute URLs (without a derivative suffix). */
function imageUrl(image: string | null, media: MediaStorage): string | null {
  if (!image) return null;
  return /^https?:\/\//.test(image) ? image : media.publicUrl(image);
}

function presentContent<T extends { content: Block['content'] }>(item: T, media: MediaStorage): T {
  return { ...item, content: { ...item.content, image: imageUrl(item.content.image, media) } };
}

export function presentPage(page: PageForPresenting, media: MediaStorage) {
  return {
    id: page.id,
    layout: page.layoutId,
    num: page.num,
    type: page.type,
    factor: Number(page.factor),
    width_px: page.widthPx,
    viewbox: page.viewbox,
    template: page.templateId === null
      ? null
      : { id: page.templateId, width: page.templateWidth as number, height: page.templateHeight as number },
    blocks: page.blocks.map((block) => presentContent(block, media)),
  };
}

export type PresentedPage = ReturnType<typeof presentPage>;

/** A layout in lists: without its pages. */
export function presentLayoutSummary(layout: LayoutRow) {
  return {
    id: layout.id,
    product_id: layout.productId,
    product_name: layout.productName ?? '',
    name: layout.name,
    status: layout.status,
    version: layout.version,
    num_pages: layout.numPages,
    created: layout.createdAt.toISOString(),
    updated: layout.updatedAt.toISOString(),
  };
}

export function presentLayout(layout: LayoutRow, pages: PageForPresenting[], media: MediaStorage) {
  return {
    ...presentLayoutSummary(layout),
    font_size: layout.fontSize,
    last_scheme_page_num: layout.lastSchemePageNum,
    scheme_theme_rel: layout.schemeThemeRel,
    unplaced: layout.unplaced.map((item: UnplacedContent) => presentContent(item, media)),
    pages: pages.map((page) => presentPage(page, media)),
  };
}

export function presentScheme(template: Template) {
  return {
    id: template.id,
    width: template.width,
    height: template.height,
    template_cat: template.categoryId,
    slots: template.slots.map((slot) => ({
      type: slot.kind === 'photo' ? 'PHOTO' : 'TEXT', x: percent(slot.x), y: percent(slot.y), width: percent(slot.w), height: percent(slot.h),
    })),
  };
}
