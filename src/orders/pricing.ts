// The price of a printed book and the packing rule that turns a cart into one parcel (documented in docs/api.md, "Price list and packing rule").

export interface PriceRule {
  baseKopecks: number;
  includedPages: number;
  extraPageKopecks: number;
}

/** Unit price: the format's base price covers includedPages pages; each further page costs extraPageKopecks. */
export const unitPriceKopecks = (rule: PriceRule, pages: number): number =>
  rule.baseKopecks + Math.max(0, pages - rule.includedPages) * rule.extraPageKopecks;

export interface PackedItem {
  widthCm: number;
  heightCm: number;
  pages: number;
  count: number;
}

/** Centimetres and kilograms, as the delivery aggregator takes them. */
export interface BoxSize {
  width: number;
  height: number;
  depth: number;
  weight: number;
}

// One book: a 4 mm hard cover plus 1 mm per 4 pages; 25 g per 100 cm² of cover and 3.5 g per 100 cm² of page.
const COVER_MM = 4;
const PAGES_PER_MM = 4;
const COVER_MG_PER_CM2 = 250;
const PAGE_MG_PER_CM2 = 35;
// The parcel: 1 cm of padding on every side and 150 g of carton and filling.
const PADDING_MM = 10;
const PACKAGING_G = 150;

const bookThicknessMm = (item: PackedItem) => COVER_MM + Math.ceil(item.pages / PAGES_PER_MM);
const bookWeightG = (item: PackedItem) =>
  Math.ceil((item.widthCm * item.heightCm * (COVER_MG_PER_CM2 + PAGE_MG_PER_CM2 * item.pages)) / 1000);

/** Books lie stacked in one box as large as the largest book; an empty cart is an empty (zero) box. */
export function packBox(items: PackedItem[]): BoxSize {
  if (items.length === 0) return { width: 0, height: 0, depth: 0, weight: 0 };
  const widthMm = Math.max(...items.map((item) => item.widthCm * 10)) + 2 * PADDING_MM;
  const heightMm = Math.max(...items.map((item) => item.heightCm * 10)) + 2 * PADDING_MM;
  const stackMm = items.reduce((sum, item) => sum + bookThicknessMm(item) * item.count, 0) + 2 * PADDING_MM;
  const grams = items.reduce((sum, item) => sum + bookWeightG(item) * item.count, 0) + PACKAGING_G;
  return {
    width: Math.ceil(widthMm / 10),
    height: Math.ceil(heightMm / 10),
    depth: Math.ceil(stackMm / 10),
    weight: grams / 1000,
  };
}
