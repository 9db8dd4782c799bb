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

/** A version of a row that left the lists it matched (sign -1: deleted, or the old version) or entered them (1). */
export interface ProductVersion extends ProductAttributes {
  sign: 1 | -1;
  /**
   * Name and description lower-cased, as searches match them; undefined when the notification had no room for
   * them, or when they hold letters outside SIMPLE_CASE_LETTERS (lower-cased once here, not once per filter).
   */
  searchable: { name: string; description: string } | undefined;
}

/** Letters whose lower case the service may compute itself: Latin-1 and Cyrillic (see snapshot.caseFoldingAgrees). */
export const SIMPLE_CASE_LETTERS = /^[\u0001-\u00ff\u0400-\u04ff]*$/;

export type CatalogChange =
  /** Reference data or a theme's gallery attributes: the snapshot and everything made from it. */
  | { scope: 'reference' }
  /** Anything may have changed (products changed wholesale, a payload not understood, word from the database lost). */
  | { scope: 'everything' }
  | {
    scope: 'products';
    /** The writing transaction's id: a total counted in a snapshot that sees it already includes the change. */
    tx: number;
    /** Rows that entered or left lists or moved in their order; the themes of such rows when there were many. */
    moved: ProductVersion[];
    movedThemes: number[];
    /** Products whose preview alone changed; their themes when there were many. */
    shown: number[];
    shownThemes: number[];
  };

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);
const integers = (value: unknown): number[] | undefined =>
  value === undefined ? [] : Array.isArray(value) && value.every(isInteger) ? value : undefined;

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function versionOf(tuple: unknown): ProductVersion | undefined {
  if (!Array.isArray(tuple) || tuple.length !== 8) return undefined;
  const [themeId, formatId, productTypeId, specialProject, templateCategories, sign, name, description] = tuple as unknown[];
  if (!isInteger(themeId) || !isInteger(formatId) || !isInteger(productTypeId) || (sign !== 1 && sign !== -1)) return undefined;
  if (!textOrNull(specialProject) || !textOrNull(name) || !textOrNull(description)) return undefined;
  if (!Array.isArray(templateCategories) || !templateCategories.every((item) => typeof item === 'string')) return undefined;
  const searchable = name !== null && description !== null && SIMPLE_CASE_LETTERS.test(name) && SIMPLE_CASE_LETTERS.test(description)
    ? { name: name.toLowerCase(), description: description.toLowerCase() } : undefined;
  return { themeId, formatId, productTypeId, specialProject, templateCategories, sign, searchable };
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
  const rows = message.rows === undefined ? [] : Array.isArray(message.rows) ? message.rows.map(versionOf) : [undefined];
  const movedThemes = integers(message.themes);
  const shown = integers(message.shown);
  const shownThemes = integers(message.shown_themes);
  if (!isInteger(message.tx) || rows.includes(undefined) || !movedThemes || !shown || !shownThemes) return { scope: 'everything' };
  return { scope: 'products', tx: message.tx, moved: rows as ProductVersion[], movedThemes, shown, shownThemes };
}
