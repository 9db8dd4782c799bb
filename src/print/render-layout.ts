// A layout as print-ready PDFs: the interior (every page at trim size plus bleed) and, separately, the cover spread
// (back, spine, front) with the spine as wide as the page count makes it. Pages are drawn one after another, each
// page's photos read as it is drawn: a book's photos are never all in memory at once.
import { type BookGeometry, shopGeometry } from '../render/book-geometry';
import { addScenePage, createPrintDocument } from '../render/pdf';
import { printQuality } from '../shared/photo-placement';
import { drawLayoutPage, type DrawableLayout, type DrawingSources } from '../layouts/drawing';
import { SHOP_BLEED_MM } from './print-geometry';

/** Millimetres to a hundredth, as recorded. */
const round = (mm: number) => Math.round(mm * 100) / 100;

export type PrintPartName = 'interior' | 'cover';

export interface PrintPart {
  part: PrintPartName;
  pdf: Buffer;
  pageCount: number;
  /** One page of the file, bleed included. */
  widthMm: number;
  heightMm: number;
  spineMm: number | null;
}

export interface PrintWarning {
  page: number;
  kind: 'low-resolution' | 'missing-image' | 'nothing-to-print';
  message: string;
}

export interface LayoutPrint {
  parts: PrintPart[];
  warnings: PrintWarning[];
}

/**
 * The layout's two PDFs with images at dpi, at the printer's sizes (print-geometry.ts; the shop's own when absent);
 * warnings for photos below dpi and images that could not be read.
 */
export async function renderLayoutForPrint(
  drawable: DrawableLayout, sources: DrawingSources, dpi: number,
  geometry: BookGeometry = shopGeometry(drawable.format, drawable.interiorPages, SHOP_BLEED_MM),
): Promise<LayoutPrint> {
  const warnings: PrintWarning[] = [];
  const render = async (part: PrintPartName) => {
    const pages = drawable.pages.filter((page) => (page.type === 'COVER') === (part === 'cover'));
    const document = await createPrintDocument();
    document.pdf.setTitle(`${drawable.layout.name || drawable.layout.hash}: ${part}`);
    document.pdf.setCreator('photobook');
    for (const page of pages) {
      const { scene, trim, missingImages, missingPhotos } = await drawLayoutPage(drawable, page, sources, geometry.bleed, geometry);
      for (const image of missingImages) warnings.push({ page: page.num, kind: 'missing-image', message: `page ${page.num}: image "${image}" could not be read and is left out` });
      for (const photo of missingPhotos) warnings.push({ page: page.num, kind: 'missing-image', message: `page ${page.num}: photo ${photo} has no print master and is left out` });
      for (const image of await addScenePage(document, scene, trim, dpi)) {
        if (image.photo && printQuality(image.dpi, dpi) !== 'good') {
          warnings.push({ page: page.num, kind: 'low-resolution', message: `page ${page.num}: a photo prints at ${image.dpi} dpi (below ${dpi})` });
        }
      }
    }
    const cover = part === 'cover';
    const margin = cover ? geometry.coverMargin : geometry.bleed;
    const trimWidth = cover ? 2 * geometry.page.width + geometry.spine : geometry.page.width;
    return {
      part, pdf: Buffer.from(await document.pdf.save()), pageCount: pages.length,
      widthMm: round(trimWidth + 2 * margin), heightMm: round(geometry.page.height + 2 * margin),
      spineMm: cover ? round(geometry.spine) : null,
    } satisfies PrintPart;
  };
  const parts = [await render('interior'), await render('cover')];
  return { parts, warnings };
}
