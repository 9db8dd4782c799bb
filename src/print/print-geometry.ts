// The sizes a book is printed at, by the print partner its format is routed to (PRINT_PARTNER, PRINT_PARTNER_ROUTES):
// a partner that speaks Lulu's Print API (Lulu, and the sandbox partner, which checks files as Lulu does) gets Lulu's
// rules (the package's trim, the casewrap spine table or the paperback formula, 0.125" bleed, a hard cover's 0.75"
// wrap); a format routed to no partner is printed by the shop's own rules (pages at the format's size, 0.1 mm of
// spine a page plus 4 mm, 3 mm bleed), whoever the administrator hands it to.
import type { PrintPartnerConfig, PrintPartnerName } from '../config';
import { type BookGeometry, type FormatSize, shopGeometry } from '../render/book-geometry';
import {
  LULU_BLEED_IN, LULU_CASEWRAP_WRAP_IN, LULU_PAGE_RANGE, type LuluBinding, luluPackageOf, luluSpineInches, MM_PER_INCH, parseLuluPackage,
  type LuluPackage,
} from './lulu-rules';

/** The shop's own bleed on every side of every page and of the cover. */
export const SHOP_BLEED_MM = 3;

/** The file rules each partner checks print files by: every partner here speaks Lulu's Print API. */
const PARTNER_RULES: Record<PrintPartnerName, 'lulu'> = { sandbox: 'lulu', lulu: 'lulu' };

/** The partner a format goes to; null: none (a route or PRINT_PARTNER says `none`, or production without it). */
export const partnerRouteOf = (config: PrintPartnerConfig, formatId: number | null): PrintPartnerName | null =>
  (formatId !== null && config.routes.has(formatId) ? config.routes.get(formatId)! : config.defaultPartner);

/** What a book is printed as: its format's size, its cover, its interior pages. */
export interface BookToPrint {
  format: FormatSize;
  hardCover: boolean;
  interiorPages: number;
}

/** Lulu's package for a book: its trim in hundredths of an inch, casewrap or paperback. */
export const luluPackageOfBook = (book: Pick<BookToPrint, 'format' | 'hardCover'>): LuluPackage =>
  parseLuluPackage(luluPackageOf(book.format.widthCm, book.format.heightCm, book.hardCover))!;

export function luluGeometry(book: BookToPrint): BookGeometry {
  const pkg = luluPackageOfBook(book);
  const bleed = LULU_BLEED_IN * MM_PER_INCH;
  return {
    page: { width: pkg.trimWidthIn * MM_PER_INCH, height: pkg.trimHeightIn * MM_PER_INCH },
    spine: luluSpineInches(pkg, book.interiorPages) * MM_PER_INCH,
    bleed,
    coverMargin: pkg.binding === 'casewrap' ? LULU_CASEWRAP_WRAP_IN * MM_PER_INCH : bleed,
  };
}

/** The sizes of a book routed to partner (null: to none). */
export const printGeometry = (partner: PrintPartnerName | null, book: BookToPrint): BookGeometry =>
  partner && PARTNER_RULES[partner] === 'lulu' ? luluGeometry(book) : shopGeometry(book.format, book.interiorPages, SHOP_BLEED_MM);

/**
 * The built-in sandbox partner checks files as Lulu does except the page count: it takes books from 2 pages, so that
 * the demo catalogue's 10-page books (npm run demo, the seed) go through the whole journey to the sandbox's doorstep.
 * A format routed to `lulu` gets Lulu's range (hard covers 24-800 pages, soft covers 32-800); the tests that play
 * Lulu run the sandbox server with Lulu's range (its default).
 */
export const SANDBOX_PAGE_RANGE: Record<LuluBinding, { min: number; max: number }> = {
  casewrap: { min: 2, max: 800 },
  paperback: { min: 2, max: 800 },
};

const PAGE_RANGES: Record<PrintPartnerName, Record<LuluBinding, { min: number; max: number }>> = { sandbox: SANDBOX_PAGE_RANGE, lulu: LULU_PAGE_RANGE };

/** The interior pages a book's partner takes; undefined when it goes to no partner (the shop prints any count). */
export interface PartnerPageRange {
  partner: PrintPartnerName;
  hardCover: boolean;
  min: number;
  max: number;
}

export function partnerPageRange(config: PrintPartnerConfig, formatId: number | null, book: Pick<BookToPrint, 'format' | 'hardCover'>): PartnerPageRange | undefined {
  const partner = partnerRouteOf(config, formatId);
  if (!partner) return undefined;
  const range = PAGE_RANGES[partner][luluPackageOfBook(book).binding];
  return { partner, hardCover: book.hardCover, ...range };
}
