// Sizes of a book in millimetres: its pages, its spine by the page count, its cover spread, and the editor's cover
// template (whose spine is nominal) that the cover's blocks are placed on.

export interface FormatSize {
  widthCm: number;
  heightCm: number;
}

/**
 * The editor's cover spread (back, spine, front) shows a nominal spine of this width whatever the page count, so
 * that a format has one cover template; print files size the real spine by the page count.
 */
export const COVER_SPINE_MM = 10;

/** The size in millimetres of a format's cover template: both covers and the spine, side by side. */
export const coverTemplateSize = (format: FormatSize) => ({ width: 2 * format.widthCm * 10 + COVER_SPINE_MM, height: format.heightCm * 10 });

/**
 * The spine rule: 0.1 mm of paper per interior page (a leaf of 170 g/m² coated paper is about 0.2 mm and carries two
 * pages) plus 4 mm for the cover boards' hinges (2 mm each), rounded up to a tenth of a millimetre.
 */
export const PAPER_MM_PER_PAGE = 0.1;
export const BOARD_ALLOWANCE_MM = 4;
export const spineWidthMm = (interiorPages: number) => Math.ceil((interiorPages * PAPER_MM_PER_PAGE + BOARD_ALLOWANCE_MM) * 10 - 1e-9) / 10;

export const pageSizeMm = (format: FormatSize) => ({ width: format.widthCm * 10, height: format.heightCm * 10 });

/** The cover spread: back, spine, front side by side, the spine as wide as the page count makes it. */
export function coverSpreadMm(format: FormatSize, interiorPages: number) {
  const page = pageSizeMm(format);
  const spine = spineWidthMm(interiorPages);
  return { width: 2 * page.width + spine, height: page.height, spine };
}

/**
 * A printed book's sizes as its printer wants them: the trimmed page, the spine, the bleed around an interior page,
 * and the margin around the cover spread (a bleed, or a hard cover's wrap around its boards). The shop's own rules
 * are shopGeometry; a print partner's come from its rules (src/print/print-geometry.ts).
 */
export interface BookGeometry {
  page: { width: number; height: number };
  spine: number;
  bleed: number;
  coverMargin: number;
}

export const shopGeometry = (format: FormatSize, interiorPages: number, bleed: number): BookGeometry => ({
  page: pageSizeMm(format), spine: spineWidthMm(interiorPages), bleed, coverMargin: bleed,
});

/**
 * Maps a horizontal position on the editor's cover template (the format's pages, the nominal COVER_SPINE_MM spine)
 * onto the printed spread (the geometry's pages and spine): the covers scale by the pages' ratio, the spine stretches
 * or shrinks to the real one.
 */
export function coverXMapperFor(format: FormatSize, geometry: BookGeometry): (templateMm: number) => number {
  const templatePage = pageSizeMm(format).width;
  const scale = geometry.page.width / templatePage;
  return (x) => {
    if (x <= templatePage) return x * scale;
    if (x < templatePage + COVER_SPINE_MM) return geometry.page.width + ((x - templatePage) * geometry.spine) / COVER_SPINE_MM;
    return geometry.page.width + geometry.spine + (x - templatePage - COVER_SPINE_MM) * scale;
  };
}
