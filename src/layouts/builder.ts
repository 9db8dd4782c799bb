// A product's layout built from its format, the theme's images and a choice of page schemes.
import type { Box } from '../shared/layout-document';
import { COVER_SPINE_MM, type FormatSize as Format } from '../render/book-geometry';
import { backgroundBlock, fourDecimals, slotBlocks, textBlock } from './blocks';
import type { NewLayoutPage, Template as PageScheme } from './repository';

type Template = Pick<PageScheme, 'id' | 'width' | 'height' | 'slots'>;
type CoverTemplate = Pick<PageScheme, 'id' | 'width' | 'height'>;

/** The text size, in points, a new layout starts with (the shopper may change it in the editor). */
export const NEW_LAYOUT_FONT_SIZE_PT = 12;
/** A new page is at its natural scale. */
const NEW_PAGE_FACTOR = '1';

const PIXELS_PER_CM = 100;
const PIXELS_PER_MM = PIXELS_PER_CM / 10;
const TITLE_BOX = { x: 55, y: 40, width: 40, height: 20 };

/**
 * The front side of a cover template's spread in percent of it: past the back and the nominal spine. The front
 * cover background covers it (not the whole spread): the shop's front end puts a cover block on the front side only
 * when it starts there. Migration 0016 computes the same box for covers made before.
 */
export function frontSideBox(coverTemplate: Pick<CoverTemplate, 'width'>): Box {
  const x = fourDecimals((100 * (coverTemplate.width + COVER_SPINE_MM)) / (2 * coverTemplate.width));
  return { x, y: 0, width: fourDecimals(100 - x), height: 100 };
}

/** The theme's images a layout starts with (media keys), when the theme has them. */
export interface ThemeImages {
  frontCover: string | null;
  pageBackground: string | null;
}

/** A scheme fits a format when it has the format's proportions (the slots are fractions of the page). */
export function schemeFitsFormat(template: Pick<Template, 'width' | 'height'>, format: Format): boolean {
  return template.width * format.heightCm === template.height * format.widthCm;
}

/**
 * Page 0 is the cover, the whole spread of its template (back, spine, front): the front cover background on the
 * front side and the title. Each further page follows its scheme, on the theme's page background.
 */
export function buildLayoutPages(
  format: Format, coverTemplate: CoverTemplate, pageTemplates: Template[], images: ThemeImages, title: string,
): NewLayoutPage[] {
  const width = format.widthCm * PIXELS_PER_CM;
  const height = format.heightCm * PIXELS_PER_CM;
  const spread = { width: coverTemplate.width * PIXELS_PER_MM, height: coverTemplate.height * PIXELS_PER_MM };
  const cover: NewLayoutPage = {
    num: 0, type: 'COVER', factor: NEW_PAGE_FACTOR, widthPx: spread.width, viewbox: spread, templateId: coverTemplate.id,
    blocks: [backgroundBlock('FRONT_COVER_BACKGROUND', images.frontCover, frontSideBox(coverTemplate)), textBlock(TITLE_BOX, title)],
  };
  const pages = pageTemplates.map((template, index): NewLayoutPage => ({
    num: index + 1, type: 'PAGE', factor: NEW_PAGE_FACTOR, widthPx: width, viewbox: { width, height }, templateId: template.id,
    blocks: [
      ...(images.pageBackground ? [backgroundBlock('PAGE_BACKGROUND', images.pageBackground)] : []),
      ...slotBlocks(template.slots),
    ],
  }));
  return [cover, ...pages];
}

/** count schemes for the pages of a new layout: those that fit the format, taken in turn from offset. */
export function pickSchemes<T extends Template>(templates: T[], format: Format, count: number, offset = 0): T[] {
  const fitting = templates.filter((template) => schemeFitsFormat(template, format));
  if (fitting.length === 0) return [];
  return Array.from({ length: count }, (_, page) => fitting[(offset + page * 3) % fitting.length]);
}

/** scheme_theme_rel: for each scheme id, how many of the layout's pages use it (the cover's template is no scheme). */
export function schemeUsage(pages: { type: string; templateId?: number | null }[]): Record<string, number> {
  const usage: Record<string, number> = {};
  for (const page of pages) if (page.type === 'PAGE' && page.templateId) usage[page.templateId] = (usage[page.templateId] ?? 0) + 1;
  return usage;
}
