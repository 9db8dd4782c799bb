// A book's preflight (issue 32): empty photo frames, photos below the print DPI (low) or below half of it
// (cannot_print), texts that do not fit, characters without a glyph, content near the trim, a page count the book's
// print partner does not take. It measures with the renderer's own rules (effectiveDpi on the block's printed size,
// the text set as the print sets it).
import type { Database } from '../../db/database';
import type { FormatSize } from '../../render/book-geometry';
import { layoutPageScene, type PlacedBlock } from '../../render/layout-scene';
import { notFound } from '../../shared/errors';
import { effectiveDpi, printQuality } from '../../shared/photo-placement';
import type { Preflight, PreflightPage, PreflightProblem } from '../../shared/preflight';
import type { AuthenticatedUser } from '../../shared/user';
import { type DrawableLayout, loadDrawableLayout } from '../drawing';
import { createLayoutsRepository } from '../repository';
import { canRead } from '../service';

/**
 * Content closer than this to the trim may be cut: trimming is accurate to a millimetre or two, and binding takes a
 * little of the inner edge. Blocks that run to the page's edge bleed instead and are not counted.
 */
export const SAFE_MARGIN_MM = 5;

type Problem = Omit<PreflightProblem, 'block_id'>;

function photoProblems(drawable: DrawableLayout, placed: PlacedBlock, printDpi: number): Problem[] {
  const { block, trim } = placed;
  const placement = block.content.photo;
  if (!placement) {
    const empty = block.type === 'PHOTO' && !block.content.image;
    return empty ? [{ kind: 'empty_photo', severity: 'warning', message: 'A photo frame is empty: it prints as the background.' }] : [];
  }
  const master = drawable.photos.get(placement.photo_id);
  if (!master) return [{ kind: 'missing_photo', severity: 'error', message: 'This photo is not in your library or is still being processed.' }];
  const dpi = effectiveDpi(master, placement, trim);
  const quality = printQuality(dpi, printDpi);
  if (quality === 'good') return [];
  return quality === 'low'
    ? [{ kind: 'low', severity: 'warning', dpi, message: `This photo prints at ${dpi} dpi, below ${printDpi}: it may look soft.` }]
    : [{ kind: 'cannot_print', severity: 'error', dpi, message: `This photo prints at ${dpi} dpi, below ${Math.ceil(printDpi / 2)}: use a larger photo or zoom out.` }];
}

function textProblems(placed: PlacedBlock): Problem[] {
  const set = placed.text;
  if (!set) return [];
  const problems: Problem[] = [];
  if (!set.fits) problems.push({ kind: 'text_overflow', severity: 'error', message: 'The text does not fit its block: shorten it or make it smaller.' });
  if (set.missingCharacters.length > 0) {
    const characters = set.missingCharacters.join('');
    problems.push({ kind: 'missing_glyphs', severity: 'warning', characters, message: `The font has no glyph for ${characters}: these print as empty boxes.` });
  }
  return problems;
}

/** Content within the safe margin of a side it does not bleed over: a text's ink, a photo's or an image's block. */
function marginProblems(placed: PlacedBlock, page: { width: number; height: number }): Problem[] {
  const { block, bleeds } = placed;
  const hasContent = placed.text !== undefined || block.content.photo !== undefined || (block.type !== 'TEXT' && Boolean(block.content.image));
  if (!hasContent) return [];
  const box = placed.text ? placed.text.extent : placed.trim;
  const near = (distance: number, bleeding: boolean) => !bleeding && distance < SAFE_MARGIN_MM - 1e-6;
  const text = placed.text !== undefined;
  const tooNear = near(box.x, !text && bleeds.left) || near(box.y, !text && bleeds.top)
    || near(page.width - box.x - box.width, !text && bleeds.right) || near(page.height - box.y - box.height, !text && bleeds.bottom);
  return tooNear ? [{ kind: 'unsafe_margin', severity: 'warning', message: `${text ? 'Text' : 'A photo'} comes closer than ${SAFE_MARGIN_MM} mm to the page's edge and may be cut when trimmed.` }] : [];
}

/** The interior pages the book's print partner takes (none: any count), by its format and cover. */
export type PageRangeOf = (book: { formatId: number; format: FormatSize; hardCover: boolean }) => { partner: string; min: number; max: number } | undefined;

/** A book the partner would reject for its page count: a problem of the book as a whole, on page 0 (the spine's). */
function pageCountProblem(drawable: DrawableLayout, pageRange: PageRangeOf | undefined): PreflightProblem | undefined {
  const hardCover = drawable.layout.coverType !== 'SOFT_COVER';
  const range = pageRange?.({ formatId: drawable.format.id, format: drawable.format, hardCover });
  const pages = drawable.interiorPages;
  if (!range || (pages >= range.min && pages <= range.max)) return undefined;
  const fix = pages < range.min ? `add ${range.min - pages}` : `remove ${pages - range.max}`;
  return {
    block_id: '', kind: 'page_count', severity: 'error', pages, min_pages: range.min, max_pages: range.max,
    message: `This book has ${pages} pages; a ${hardCover ? 'hard' : 'soft'} cover book is printed with ${range.min} to ${range.max}: ${fix} pages.`,
  };
}

/** The preflight of a drawable layout at this print DPI (and its print partner's page range, when given). */
export async function preflightOf(drawable: DrawableLayout, printDpi: number, pageRange?: PageRangeOf): Promise<Preflight> {
  const pages: PreflightPage[] = [];
  for (const page of drawable.pages) {
    const { placed, trim } = await layoutPageScene(page, {
      format: drawable.format, interiorPages: drawable.interiorPages, fontSizePt: drawable.layout.fontSize, bleedMm: 0,
      // Only where things are and how texts set: no image is read.
      readImage: async () => undefined,
      photo: () => undefined,
    });
    const problems = placed.flatMap((block) => [...photoProblems(drawable, block, printDpi), ...textProblems(block), ...marginProblems(block, trim)]
      .map((problem) => ({ block_id: block.block.id, ...problem })));
    if (problems.length > 0) pages.push({ num: page.num, problems });
  }
  const pageCount = pageCountProblem(drawable, pageRange);
  if (pageCount) {
    if (pages[0]?.num === 0) pages[0].problems.unshift(pageCount);
    else pages.unshift({ num: 0, problems: [pageCount] });
  }
  const all = pages.flatMap((page) => page.problems);
  const errors = all.filter((problem) => problem.severity === 'error').length;
  return {
    layout: drawable.layout.id, print_dpi: printDpi, safe_margin_mm: SAFE_MARGIN_MM, printable: errors === 0,
    errors, warnings: all.length - errors, pages,
  };
}

/** pageRange: the print partners' page ranges (src/print/print-geometry.ts); absent, the page count is not checked. */
export function createLayoutPreflight(deps: { db: Database; printDpi: number; pageRange?: PageRangeOf }) {
  const { db, printDpi, pageRange } = deps;
  const repository = createLayoutsRepository(db.sql);

  /** The preflight of a layout; undefined when there is none or it has no format. */
  async function check(layoutId: string): Promise<Preflight | undefined> {
    const layout = await repository.find(layoutId);
    const drawable = layout && (await loadDrawableLayout(db.sql, layout));
    return drawable && preflightOf(drawable, printDpi, pageRange);
  }

  return {
    check,
    /** For its owner, a moderator or an administrator; not_found for anyone else, as for a layout that does not exist. */
    async forUser(user: AuthenticatedUser, layoutId: string): Promise<Preflight> {
      const layout = await repository.find(layoutId);
      if (!layout || !canRead(user, layout)) throw notFound();
      const preflight = await check(layoutId);
      if (!preflight) throw notFound();
      return preflight;
    },
  };
}

export type LayoutPreflight = ReturnType<typeof createLayoutPreflight>;
