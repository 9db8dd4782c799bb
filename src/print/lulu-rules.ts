// Lulu's file rules, as its Print API and its book-creation guide state them: the product (pod_package_id) a book is
// printed as, the spine width for its page count and paper, and the size of the one-piece cover it expects.
// Inches are Lulu's unit; sizes leave here in millimetres, rounded to a hundredth.

export const MM_PER_INCH = 25.4;
/** Bleed around every interior page and a paperback's cover (Lulu: 0.125"). */
export const LULU_BLEED_IN = 0.125;
/** A casewrap hardcover's cover is printed 0.75" larger on each side than its trim: the wrap glued around the boards. */
export const LULU_CASEWRAP_WRAP_IN = 0.75;

export type LuluBinding = 'casewrap' | 'paperback';

/** A product as Lulu's dotted pod_package_id spells it, e.g. 0800X0800.FC.PRE.CW.080CW444.GXX. */
export interface LuluPackage {
  id: string;
  trimWidthIn: number;
  trimHeightIn: number;
  binding: LuluBinding;
  /** Pages per inch of the paper (the last three digits of its code: 080CW444 is 80# coated white, 444 PPI). */
  pagesPerInch: number;
}

const PACKAGE = /^(\d{4})X(\d{4})\.(BW|FC)\.(STD|PRE)\.(CW|PB)\.(\d{3}[A-Z]{2}(\d{3}))\.[A-Z]{3}$/;

/** The package of an id, or undefined when Lulu would not know it. */
export function parseLuluPackage(id: string): LuluPackage | undefined {
  const match = PACKAGE.exec(id);
  if (!match) return undefined;
  return {
    id, trimWidthIn: Number(match[1]) / 100, trimHeightIn: Number(match[2]) / 100,
    binding: match[5] === 'CW' ? 'casewrap' : 'paperback', pagesPerInch: Number(match[7]),
  };
}

/**
 * The package a format prints as: its trim in hundredths of an inch, full colour premium, hard covers casewrap and
 * soft covers perfect bound, on 80# coated white (444 pages an inch), gloss laminated.
 */
export function luluPackageOf(widthCm: number, heightCm: number, hardCover: boolean): string {
  const hundredths = (cm: number) => String(Math.round((cm * 10 / MM_PER_INCH) * 100)).padStart(4, '0');
  return `${hundredths(widthCm)}X${hundredths(heightCm)}.FC.PRE.${hardCover ? 'CW' : 'PB'}.080CW444.GXX`;
}

/** Page counts a binding takes: hard covers from 24 pages, paperbacks from 32, both up to 800. */
export const LULU_PAGE_RANGE: Record<LuluBinding, { min: number; max: number }> = {
  casewrap: { min: 24, max: 800 },
  paperback: { min: 32, max: 800 },
};

/**
 * Lulu's casewrap spine table (its spine width calculator): the spine in inches for page counts up to the first
 * number of each row. Hardcovers take the table, whatever the paper.
 */
const CASEWRAP_SPINE_IN: readonly (readonly [number, number])[] = [
  [84, 0.25], [140, 0.5], [168, 0.625], [194, 0.688], [222, 0.75], [250, 0.813], [278, 0.875], [306, 0.938], [334, 1],
  [360, 1.063], [388, 1.125], [416, 1.188], [444, 1.25], [472, 1.313], [500, 1.375], [528, 1.438], [556, 1.5], [582, 1.563],
  [610, 1.625], [638, 1.688], [666, 1.75], [694, 1.813], [722, 1.875], [750, 1.938], [778, 2], [800, 2.063],
];

/** The spine in inches: the casewrap table, or for a paperback pages / PPI + 0.06" (Lulu's formula). */
export function luluSpineInches(pkg: LuluPackage, pageCount: number): number {
  if (pkg.binding === 'paperback') return pageCount / pkg.pagesPerInch + 0.06;
  const row = CASEWRAP_SPINE_IN.find(([upTo]) => pageCount <= upTo);
  return (row ?? CASEWRAP_SPINE_IN[CASEWRAP_SPINE_IN.length - 1])[1];
}

const mm = (inches: number) => Math.round(inches * MM_PER_INCH * 100) / 100;

/**
 * What Lulu's cover-dimensions endpoint answers for a package and page count: the whole one-piece cover, back, spine
 * and front with a paperback's bleed or a casewrap's wrap on every side, in millimetres.
 */
export function luluCoverDimensionsMm(pkg: LuluPackage, pageCount: number): { width: number; height: number; spine: number } {
  const spine = luluSpineInches(pkg, pageCount);
  const edge = pkg.binding === 'casewrap' ? LULU_CASEWRAP_WRAP_IN : LULU_BLEED_IN;
  return {
    width: mm(2 * pkg.trimWidthIn + spine + 2 * edge),
    height: mm(pkg.trimHeightIn + 2 * edge),
    spine: mm(spine),
  };
}

/** An interior page with bleed, in millimetres. */
export const luluInteriorPageMm = (pkg: LuluPackage) => ({
  width: mm(pkg.trimWidthIn + 2 * LULU_BLEED_IN), height: mm(pkg.trimHeightIn + 2 * LULU_BLEED_IN),
});
