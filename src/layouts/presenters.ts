// Response bodies for layouts and pages (schemas/layout.json, layout-list.json, layout-page.json, scheme-list.json).
import { type Block, formatNameOf, type PhotoPlacement, type UnplacedContent } from '../shared/layout-document';
import type { MediaStorage } from '../media/storage';
import { roubles } from '../shared/money';
import { type PriceRule, unitPriceKopecks } from '../orders/pricing';
import type { PhotoLinks } from '../photos/photo-links';
import { blockSizeMm, effectiveDpi, type PixelSize, printQuality, type SizeMm } from '../shared/photo-placement';
import { textFits } from '../render/text-layout';
import { fourDecimals, percent } from './blocks';
import type { TextImageLink } from './text-images';
import type { LayoutPageRow, LayoutRow, ListedLayoutRow, Template } from './repository';

type PageForPresenting = Pick<LayoutPageRow, 'id' | 'layoutId' | 'num' | 'type' | 'factor' | 'widthPx' | 'viewbox' | 'templateId' | 'templateWidth' | 'templateHeight' | 'blocks'>;

/** Stored images are media keys; clients get absolute URLs (without a derivative suffix). */
function imageUrl(image: string | null, media: MediaStorage): string | null {
  if (!image) return null;
  return /^https?:\/\//.test(image) ? image : media.publicUrl(image);
}

/**
 * What presenting placed photos needs: the photos' upright sizes, their signed links (only the book's owner, its
 * moderators and administrators receive a layout's JSON), the printed size of an interior page and the print DPI.
 */
export interface PlacedPhotosView {
  photos: ReadonlyMap<number, PixelSize>;
  links: Pick<PhotoLinks, 'image' | 'original'>;
  /** An interior page's printed size; null when the layout has no format. */
  pageMm: SizeMm | null;
  printDpi: number;
  /** The layout's text size: with it, a text block on an interior page says whether its text fits (content.fits). */
  fontSizePt?: number;
}

/** A placed photo with its links, its effective DPI at the printed size and its quality (when its facts are known). */
function presentPlacement(block: Block, view: PlacedPhotosView | undefined, pageMm: SizeMm | null) {
  const placement = block.content.photo!;
  const photo = view?.photos.get(placement.photo_id);
  if (!view || !photo) return placement;
  const dpi = pageMm ? effectiveDpi(photo, placement, blockSizeMm(block, pageMm)) : null;
  return {
    ...placement,
    image: view.links.image(placement.photo_id),
    orig: view.links.original(placement.photo_id),
    size: { w: photo.width, h: photo.height },
    dpi,
    quality: dpi === null ? null : printQuality(dpi, view.printDpi),
  };
}

/**
 * Whether a text block's text fits it, as the renderer and the preflight set it: for texts a shopper set (styled by
 * block/text), so that the blocks of layouts nobody edited keep the shape existing front ends read.
 */
function textFitsBlock(block: Block, view: PlacedPhotosView | undefined, pageMm: SizeMm | null): boolean | undefined {
  if (block.type !== 'TEXT' || !block.content.style || !pageMm || view?.fontSizePt === undefined) return undefined;
  return textFits(block.content.text, block.content.style, blockSizeMm(block, pageMm), view.fontSizePt);
}

/**
 * A block's or unplaced item's content with URLs: a theme image's key as its URL; a placed photo's link also in
 * content.image, where the shop's front end reads it (kept equal to content.photo.image); a text's picture in
 * content.link, from which the front end draws every TEXT block.
 */
function presentContent<T extends { content: Block['content'] }>(
  item: T, media: MediaStorage, placement?: () => PhotoPlacement | (PhotoPlacement & { image: string }), fits?: boolean, link?: string | null,
): T {
  const content = {
    ...item.content, image: imageUrl(item.content.image, media), ...(fits === undefined ? {} : { fits }), ...(link ? { link } : {}),
  };
  if (!item.content.photo || !placement) return { ...item, content };
  const photo = placement();
  return { ...item, content: { ...content, photo, image: 'image' in photo ? photo.image : content.image } };
}

/**
 * The units a page's blocks are given in (docs/api.md, "Fields that exist for the front end"). A page's are percent of it,
 * as stored: viewbox 100 x 100. The cover's run as far across as down, 100 to the cover's height, so its spread is
 * 100 * width / height wide: the shop's front end finds the cover's sides from the template's millimetres and the
 * front background's height, and could not tell the front side from the back in percent of the spread's width.
 * factor is the units per millimetre of the cover's height (the front end lets a cover background run that many
 * units per millimetre over the board's edges); a page's factor is as stored.
 */
function frameOf(page: PageForPresenting) {
  if (page.type !== 'COVER' || !page.templateWidth || !page.templateHeight) {
    return { across: 1, viewbox: { width: 100, height: 100 }, factor: Number(page.factor) };
  }
  const across = page.templateWidth / page.templateHeight;
  return { across, viewbox: { width: fourDecimals(100 * across), height: 100 }, factor: fourDecimals(100 / page.templateHeight) };
}

/**
 * A block in its page's units. Stored, content_warp is percent of the block; the API gives it in the page's units like
 * the block (the rectangle the content fills on the page), which is how the front end places a photo or background.
 */
function presentBlock(
  block: Block, across: number, media: MediaStorage, view: PlacedPhotosView | undefined, pageMm: SizeMm | null, textLink: string | null,
) {
  const x = block.x * across;
  const width = block.width * across;
  const warp = block.content_warp;
  return presentContent({
    ...block,
    x: fourDecimals(x), width: fourDecimals(width),
    content_warp: {
      x: fourDecimals(x + (warp.x / 100) * width), y: fourDecimals(block.y + (warp.y / 100) * block.height),
      width: fourDecimals((warp.width / 100) * width), height: fourDecimals((warp.height / 100) * block.height),
    },
  }, media, () => presentPlacement(block, view, pageMm), textFitsBlock(block, view, pageMm), textLink);
}

/**
 * placed: to give placed photos their links, DPI and quality; without it a placement is given as stored. textImage:
 * the links of the pictures of its texts (content.link).
 */
export function presentPage(page: PageForPresenting, media: MediaStorage, placed?: PlacedPhotosView, textImage?: TextImageLink) {
  const frame = frameOf(page);
  return {
    id: page.id,
    layout: page.layoutId,
    num: page.num,
    type: page.type,
    factor: frame.factor,
    width_px: page.widthPx,
    viewbox: frame.viewbox,
    template: page.templateId === null
      ? null
      : { id: page.templateId, width: page.templateWidth as number, height: page.templateHeight as number },
    // Placed photos sit on interior pages: the cover's blocks are in units of its spread.
    blocks: page.blocks.map((block) => presentBlock(
      block, frame.across, media, placed, page.type === 'PAGE' ? placed?.pageMm ?? null : null, textImage?.(page.layoutId, block) ?? null,
    )),
  };
}

export type PresentedPage = ReturnType<typeof presentPage>;

const formatName = (layout: LayoutRow) =>
  layout.formatWidthCm === null || layout.formatHeightCm === null ? null : formatNameOf(layout.formatWidthCm, layout.formatHeightCm);

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
    status: layout.bookStatus,
    version: layout.version,
    num_pages: layout.numPages,
    created: layout.createdAt.toISOString(),
    updated: layout.updatedAt.toISOString(),
    changed: layout.updatedAt.toISOString(),
    format_name: formatName(layout),
    cover_type: layout.coverType,
    binding_type: layout.bindingType,
    cover_lamination_types: layout.coverLamination,
  };
}

/** A layout in the owner's list ("my products"): the price of one copy and its cover, for the list's preview. */
export function presentListedLayout(layout: ListedLayoutRow, cover: PageForPresenting | undefined, media: MediaStorage, textImage?: TextImageLink) {
  return {
    ...presentLayoutSummary(layout),
    price_info: { total_cost: layout.priceRule ? roubles(unitPriceKopecks(layout.priceRule, layout.numPages)) : null },
    pages: cover ? [presentPage(cover, media, undefined, textImage)] : [],
  };
}

/** The book's photo list as the editor's library shows it: each photo with its links and size. */
export function presentBookPhotos(photoIds: number[], placed: PlacedPhotosView) {
  return photoIds.flatMap((id) => {
    const photo = placed.photos.get(id);
    if (!photo) return [];
    const size = { w: photo.width, h: photo.height, px_width: photo.width, px_height: photo.height };
    return [{ id, photo_id: id, url: placed.links.image(id), orig: placed.links.original(id), size_orig: size }];
  });
}

/** What changes of a layout besides its pages: its page count with the price that follows it, and its photo list. */
export function presentLayoutDelta(
  layout: { numPages: number; photoIds: number[]; priceRule: PriceRule | null; finished: boolean }, placed: PlacedPhotosView,
) {
  return {
    num_pages: layout.numPages,
    finished: layout.finished,
    price_info: { total_cost: layout.priceRule ? roubles(unitPriceKopecks(layout.priceRule, layout.numPages)) : null },
    photo_ids: layout.photoIds,
    photos: presentBookPhotos(layout.photoIds, placed),
  };
}

export type LayoutDelta = ReturnType<typeof presentLayoutDelta>;

export function presentLayout(
  layout: LayoutRow, pages: PageForPresenting[], media: MediaStorage, placed?: PlacedPhotosView, textImage?: TextImageLink,
) {
  return {
    ...presentLayoutSummary(layout),
    font_size: layout.fontSize,
    last_scheme_page_num: layout.lastSchemePageNum,
    scheme_theme_rel: layout.schemeThemeRel,
    unplaced: layout.unplaced.map((item: UnplacedContent) => presentContent(item, media)),
    pages: pages.map((page) => presentPage(page, media, placed, textImage)),
    photo_ids: layout.photoIds,
    ...(placed ? { photos: presentBookPhotos(layout.photoIds, placed) } : {}),
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
