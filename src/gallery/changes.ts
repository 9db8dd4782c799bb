// What the database says changed in the catalog (the payloads of migration 0008), read defensively: a payload this
// code does not understand is taken as "anything may have changed".

/** What the gallery filters on, of one version of a product row. */
export interface ProductAttributes {
  themeId: number;
  formatId: number;
  productTypeId: number;
  specialProject: string | null;
  templateCategories: string[];
}

export type CatalogChange =
  /** Reference data or a theme's gallery attributes: the snapshot and everything made from it. */
  | { scope: 'reference' }
  /** Anything may have changed (products changed wholesale, a payload not understood, word from the database lost). */
  | { scope: 'everything' }
  | {
    scope: 'products';
    /** Rows that entered or left lists or moved in their order; the themes of such rows when there were many. */
    moved: ProductAttributes[];
    movedThemes: number[];
    /** Products whose preview alone changed; their themes when there were many. */
    shown: number[];
    shownThemes: number[];
  };

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const integers = (value: unknown): number[] | undefined =>
  value === undefined ? [] : Array.isArray(value) && value.every(isInteger) ? value : undefined;

function attributesOf(tuple: unknown): ProductAttributes | undefined {
  if (!Array.isArray(tuple) || tuple.length !== 5) return undefined;
  const [themeId, formatId, productTypeId, specialProject, templateCategories] = tuple as unknown[];
  if (!isInteger(themeId) || !isInteger(formatId) || !isInteger(productTypeId)) return undefined;
  if (specialProject !== null && typeof specialProject !== 'string') return undefined;
  if (!Array.isArray(templateCategories) || !templateCategories.every((item) => typeof item === 'string')) return undefined;
  return { themeId, formatId, productTypeId, specialProject, templateCategories };
}

export function parseCatalogChange(payload: string): CatalogChange {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return { scope: 'everything' };
  }
  if (message?.scope === 'reference') return { scope: 'reference' };
  if (message?.scope !== 'products' || message.all === true) return { scope: 'everything' };
  const rows = message.rows === undefined ? [] : Array.isArray(message.rows) ? message.rows.map(attributesOf) : [undefined];
  const movedThemes = integers(message.themes);
  const shown = integers(message.shown);
  const shownThemes = integers(message.shown_themes);
  if (rows.includes(undefined) || !movedThemes || !shown || !shownThemes) return { scope: 'everything' };
  return { scope: 'products', moved: rows as ProductAttributes[], movedThemes, shown, shownThemes };
}
