// A layout as print-ready PDFs: the interior (every page at trim size plus bleed) and, separately, the cover spread
// (back, spine, front) with the spine as wide as the page count makes it. Pages are drawn one after another, each
// page's photos read as it is drawn: a book's photos are never all in memory at once.
import { coverSpreadMm, pageSizeMm } from '../render/book-geometry';
import { addScenePage, createPrintDocument } from '../render/pdf';
import { printQuality } from '../shared/photo-placement';
import { drawLayoutPage, type DrawableLayout, type DrawingSources } from '../layouts/drawing';

/** Bleed on every side of every page and of the cover: what a printer trims off. */
export const BLEED_MM = 3;

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

/** The layout's two PDFs with images at dpi; warnings for photos below dpi and images that could not be read. */
export async function renderLayoutForPrint(drawable: DrawableLayout, sources: DrawingSources, dpi: number): Promise<LayoutPrint> {
  const warnings: PrintWarning[] = [];
  const render = async (part: PrintPartName) => {
    const pages = drawable.pages.filter((page) => (page.type === 'COVER') === (part === 'cover'));
    const document = await createPrintDocument();
    document.pdf.setTitle(`${drawable.layout.name || drawable.layout.hash}: ${part}`);
    document.pdf.setCreator('photobook');
    for (const page of pages) {
      const { scene, trim, missingImages, missingPhotos } = await drawLayoutPage(drawable, page, sources, BLEED_MM);
      for (const image of missingImages) warnings.push({ page: page.num, kind: 'missing-image', message: `page ${page.num}: image "${image}" could not be read and is left out` });
      for (const photo of missingPhotos) warnings.push({ page: page.num, kind: 'missing-image', message: `page ${page.num}: photo ${photo} has no print master and is left out` });
      for (const image of await addScenePage(document, scene, trim, dpi)) {
        if (image.photo && printQuality(image.dpi, dpi) !== 'good') {
          warnings.push({ page: page.num, kind: 'low-resolution', message: `page ${page.num}: a photo prints at ${image.dpi} dpi (below ${dpi})` });
        }
      }
    }
    const size = part === 'cover' ? coverSpreadMm(drawable.format, drawable.interiorPages) : pageSizeMm(drawable.format);
    return {
      part, pdf: Buffer.from(await document.pdf.save()), pageCount: pages.length,
      widthMm: size.width + 2 * BLEED_MM, heightMm: size.height + 2 * BLEED_MM,
      spineMm: part === 'cover' ? coverSpreadMm(drawable.format, drawable.interiorPages).spine : null,
    } satisfies PrintPart;
  };
  const parts = [await render('interior'), await render('cover')];
  return { parts, warnings };
}
