// The sizes a book is printed at, by the print partner its format is routed to (PRINT_PARTNER, PRINT_PARTNER_ROUTES):
// a partner that speaks Lulu's Print API (Lulu, and the sandbox partner, which checks files as Lulu does) gets Lulu's
// rules (the package's trim, the casewrap spine table or the paperback formula, 0.125" bleed, a hard cover's 0.75"
// wrap); a format routed to no partner is printed by the shop's own rules (pages at the format's size, 0.1 mm of
// spine a page plus 4 mm, 3 mm bleed), whoever the administrator hands it to.
import type { PrintPartnerConfig, PrintPartnerName } from '../config';
import { type BookGeometry, type FormatSize, shopGeometry } from '../render/book-geometry';
import {
  LULU_BLEED_IN, LULU_CASEWRAP_WRAP_IN, luluPackageOf, luluSpineInches, MM_PER_INCH, parseLuluPackage, type LuluPackage,
} from './partner/lulu-rules';

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
