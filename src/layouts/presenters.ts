// Response bodies for layouts and pages (schemes/layout.json, layout-page.json, layout-summary.json, scheme.json).
import type { Block, UnplacedContent } from '../db/tables/index';
import type { MediaStorage } from '../media/storage';
import { roubles } from '../orders/money';
import { unitPriceKopecks } from '../orders/pricing';
import { percent } from './blocks';
import type { LayoutPageRow, LayoutRow, ListedLayoutRow, Template } from './repository';

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

/** What every presentation of a layout carries. */
export function presentLayoutSummary(layout: LayoutRow) {
  return {
    id: layout.id,
    hash: layout.hash,
    product_id: layout.productId,
    product_name: layout.productName ?? '',
    fmt: layout.formatId,
    theme: layout.themeId,
    name: layout.name,
    status: layout.status,
    version: layout.version,
    num_pages: layout.numPages,
    created: layout.createdAt.toISOString(),
    updated: layout.updatedAt.toISOString(),
    changed: layout.updatedAt.toISOString(),
  };
}

/** A layout in the owner's list ("my products"): the price of one copy and its cover, for the list's preview. */
export function presentListedLayout(layout: ListedLayoutRow, cover: PageForPresenting | undefined, media: MediaStorage) {
  return {
    ...presentLayoutSummary(layout),
    price_info: { total_cost: layout.priceRule ? roubles(unitPriceKopecks(layout.priceRule, layout.numPages)) : null },
    pages: cover ? [presentPage(cover, media)] : [],
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
