// The sandbox partner's file check, as Lulu's normalization checks a print job's files: both fetched from their
// source URLs, both PDFs, the interior's page count within the binding's range and its pages the package's trim plus
// bleed, the cover one page of the package's cover-dimensions. What it finds is the rejection's messages; notes are
// kept as information.
import { PDFDocument } from 'pdf-lib';
import { luluCoverDimensionsMm, luluInteriorPageMm, LULU_PAGE_RANGE, type LuluPackage } from '../lulu-rules';

/** How far a page may be from the package's size and still pass (Lulu normalizes within a small tolerance). */
export const SIZE_TOLERANCE_MM = 1;
const POINTS_PER_MM = 72 / 25.4;
/** The largest file the sandbox fetches: a 200-page book at 300 dpi stays well under it. */
const MAX_FILE_BYTES = 2 * 1024 ** 3;

export interface FileCheck {
  errors: string[];
  notes: string[];
  interiorPages: number;
}

async function fetchPdf(kind: string, url: string, errors: string[]): Promise<PDFDocument | undefined> {
  let bytes: Buffer;
  try {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(60_000) });
    if (response.status !== 200) {
      errors.push(`${kind}: the source_url answered ${response.status}`);
      return undefined;
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_FILE_BYTES) {
      errors.push(`${kind}: the file is larger than the partner takes`);
      return undefined;
    }
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    errors.push(`${kind}: the source_url could not be fetched (${(error as Error).message})`);
    return undefined;
  }
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    errors.push(`${kind}: the file is not a PDF`);
    return undefined;
  }
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    errors.push(`${kind}: the PDF cannot be read`);
    return undefined;
  }
}

const sizeMm = (document: PDFDocument, index: number) => {
  const { width, height } = document.getPage(index).getSize();
  return { width: width / POINTS_PER_MM, height: height / POINTS_PER_MM };
};
const near = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE_MM;
const shown = (size: { width: number; height: number }) => `${size.width.toFixed(1)} x ${size.height.toFixed(1)} mm`;

/** range: the interior pages taken for the package's binding (Lulu's unless the sandbox is told otherwise). */
export async function checkPrintFiles(
  pkg: LuluPackage, interiorUrl: string, coverUrl: string, range: { min: number; max: number } = LULU_PAGE_RANGE[pkg.binding],
): Promise<FileCheck> {
  const errors: string[] = [];
  const notes: string[] = [];
  const interior = await fetchPdf('interior', interiorUrl, errors);
  const cover = await fetchPdf('cover', coverUrl, errors);
  const interiorPages = interior?.getPageCount() ?? 0;
  if (interior) {
    if (interiorPages < range.min || interiorPages > range.max) {
      errors.push(`interior: ${interiorPages} pages; a ${pkg.binding} book takes ${range.min} to ${range.max}`);
    }
    const expected = luluInteriorPageMm(pkg);
    for (let index = 0; index < interiorPages; index += 1) {
      const page = sizeMm(interior, index);
      if (!near(page.width, expected.width) || !near(page.height, expected.height)) {
        errors.push(`interior: page ${index + 1} is ${shown(page)}; ${pkg.id} takes ${shown(expected)} (trim and bleed)`);
        break;
      }
    }
  }
  if (cover) {
    if (cover.getPageCount() !== 1) errors.push(`cover: ${cover.getPageCount()} pages; a one-piece cover is one page`);
    else if (interior) {
      const page = sizeMm(cover, 0);
      const expected = luluCoverDimensionsMm(pkg, interiorPages);
      if (page.width < 2 * pkg.trimWidthIn * 25.4) errors.push(`cover: ${shown(page)} cannot hold a back and a front of ${pkg.id}`);
      // As Lulu: a cover whose size is not the cover-dimensions of the package and page count is refused (a spine
      // of another rule, a paperback's bleed where a casewrap's wrap belongs).
      else if (!near(page.width, expected.width) || !near(page.height, expected.height)) {
        errors.push(`cover: ${shown(page)}; cover-dimensions for ${interiorPages} pages of ${pkg.id} is ${shown(expected)} (spine ${expected.spine} mm)`);
      }
    }
  }
  return { errors, notes, interiorPages };
}
