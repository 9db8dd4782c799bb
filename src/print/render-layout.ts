// A layout as print-ready PDFs: the interior (every page at trim size plus bleed) and, separately, the cover spread
// (back, spine, front) with the spine as wide as the page count makes it. Pages are drawn one after another, each
// page's photos read as it is drawn and written to the file before the next page: neither a book's photos nor its PDF
// are ever all in memory at once (the files are in a temporary folder until the caller has stored them).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BookGeometry, shopGeometry } from '../render/book-geometry';
import { addScenePage, createPrintDocument, type PrintDocument } from '../render/pdf';
import { printQuality } from '../shared/photo-placement';
import { removeStaleTempEntriesOnce } from '../util/stale-temp-files';
import { drawLayoutPage, type DrawableLayout, type DrawingSources } from '../layouts/drawing';
import { SHOP_BLEED_MM } from './print-geometry';

/** Millimetres to a hundredth, as recorded. */
const round = (mm: number) => Math.round(mm * 100) / 100;

export type PrintPartName = 'interior' | 'cover';

export interface PrintPart {
  part: PrintPartName;
  /** The PDF's path, in a temporary folder that LayoutPrint.release() removes. */
  file: string;
  sizeBytes: number;
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
  /** Removes the files: call once they are stored. */
  release(): Promise<void>;
}

/** The temporary folders of print files start so (a crashed process's are removed a day later: stale-temp-files.ts). */
export const PRINT_TEMP_PREFIX = 'photobook-print-';

/**
 * The layout's two PDFs with images at dpi, at the printer's sizes (print-geometry.ts; the shop's own when absent);
 * warnings for photos below dpi and images that could not be read.
 */
export async function renderLayoutForPrint(
  drawable: DrawableLayout, sources: DrawingSources, dpi: number,
  geometry: BookGeometry = shopGeometry(drawable.format, drawable.interiorPages, SHOP_BLEED_MM),
): Promise<LayoutPrint> {
  const warnings: PrintWarning[] = [];
  await removeStaleTempEntriesOnce(PRINT_TEMP_PREFIX);
  const folder = await mkdtemp(path.join(os.tmpdir(), PRINT_TEMP_PREFIX));
  const release = () => rm(folder, { recursive: true, force: true });
  const render = async (part: PrintPartName) => {
    const pages = drawable.pages.filter((page) => (page.type === 'COVER') === (part === 'cover'));
    const file = path.join(folder, `${part}.pdf`);
    const document = await createPrintDocument(file, `${drawable.layout.name || drawable.layout.hash}: ${part}`);
    try {
      await drawPages(document, pages);
    } catch (error) {
      await document.abort();
      throw error;
    }
    const cover = part === 'cover';
    const margin = cover ? geometry.coverMargin : geometry.bleed;
    const trimWidth = cover ? 2 * geometry.page.width + geometry.spine : geometry.page.width;
    return {
      part, file, sizeBytes: await document.finish(), pageCount: pages.length,
      widthMm: round(trimWidth + 2 * margin), heightMm: round(geometry.page.height + 2 * margin),
      spineMm: cover ? round(geometry.spine) : null,
    } satisfies PrintPart;
  };
  const drawPages = async (document: PrintDocument, pages: DrawableLayout['pages']) => {
    for (const page of pages) {
      const { scene, trim, missingImages, missingPhotos } = await drawLayoutPage(drawable, page, sources, geometry.bleed, geometry);
      for (const image of missingImages) warnings.push({ page: page.num, kind: 'missing-image', message: `page ${page.num}: image "${image}" could not be read and is left out` });
      for (const photo of missingPhotos) warnings.push({ page: page.num, kind: 'missing-image', message: `page ${page.num}: photo ${photo} has no print master and is left out` });
      for (const image of await addScenePage(document, scene, trim, dpi)) {
        if (image.photo && printQuality(image.dpi, dpi) !== 'good') {
          warnings.push({ page: page.num, kind: 'low-resolution', message: `page ${page.num}: a photo prints at ${image.dpi} dpi (below ${dpi})` });
        }
      }
      await document.endPage();
    }
  };
  try {
    const parts = [await render('interior'), await render('cover')];
    return { parts, warnings, release };
  } catch (error) {
    await release();
    throw error;
  }
}
