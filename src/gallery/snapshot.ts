// The small, slowly changing part of the catalog (reference data and theme attributes) held in memory until the
// database reports a change to it: filters on themes, categories and orientations become lists of theme and format ids.
import type { Database } from '../db/database';
import type { CatalogChangeFeed } from './change-feed';
import type { CachedResponse } from './page-cache';
import { type CatalogFactsRepository, createCatalogFactsRepository, type Named } from './catalog-facts-repository';

export type { Named } from './catalog-facts-repository';

export interface ThemeFacts {
  approved: boolean;
  colorId: number | null;
  styleId: number | null;
  authorId: number | null;
  categoryIds: number[];
}

export interface FormatFacts extends Named<number> {
  name: string;
  orientation: string;
}

export interface CatalogSnapshot {
  formats: Map<number, FormatFacts>;
  productTypes: Named<number>[];
  themeCategories: (Named<number> & { inV1Meta: boolean })[];
  themeColors: Named<number>[];
  themeStyles: Named<number>[];
  themeAuthors: Named<number>[];
  orientations: Named<string>[];
  templateCategories: Named<string>[];
  themes: Map<number, ThemeFacts>;
  /** Ids of the themes shoppers see. */
  approvedThemeIds: Set<number>;
  /** Whether the database lower-cases SIMPLE_CASE_LETTERS as JavaScript does (not so under a C locale, say). */
  caseFoldingAgrees: boolean;
  /** Responses made from this snapshot alone (metadata per language), kept as long as it is. */
  responses: Map<string, CachedResponse>;
}

// Every letter the gallery lower-cases itself to tell whether a new product matches a search (changes.ts).
const EVERY_SIMPLE_CASE_LETTER = String.fromCharCode(
  ...Array.from({ length: 0xff }, (_, index) => index + 1),
  ...Array.from({ length: 0x100 }, (_, index) => 0x400 + index),
);

async function foldsCaseAsJavaScript(repository: CatalogFactsRepository): Promise<boolean> {
  return (await repository.lowerCase(EVERY_SIMPLE_CASE_LETTER)) === EVERY_SIMPLE_CASE_LETTER.toLowerCase();
}

export const caseFoldingAgrees = (db: Database) => foldsCaseAsJavaScript(createCatalogFactsRepository(db.sql));

export async function loadSnapshot(db: Database): Promise<CatalogSnapshot> {
  const repository = createCatalogFactsRepository(db.sql);
  const [formatRows, types, categories, colors, styles, authors, orientationRows, templateCats, themeRows, links, folding] = await Promise.all([
    repository.formats(),
    repository.productTypes(),
    repository.themeCategories(),
    repository.themeColors(),
    repository.themeStyles(),
    repository.themeAuthors(),
    repository.orientations(),
    repository.templateCategories(),
    repository.themes(),
    repository.themeCategoryLinks(),
    foldsCaseAsJavaScript(repository),
  ]);
  const themeMap = new Map<number, ThemeFacts>(themeRows.map(({ id, ...facts }) => [id, { ...facts, categoryIds: [] }]));
  for (const link of links) themeMap.get(link.themeId)?.categoryIds.push(link.categoryId);
  return {
    formats: new Map(formatRows.map((format) => [format.id, format])),
    productTypes: types,
    themeCategories: categories,
    themeColors: colors,
    themeStyles: styles,
    themeAuthors: authors,
    orientations: orientationRows,
    templateCategories: templateCats,
    themes: themeMap,
    approvedThemeIds: new Set(themeRows.filter((theme) => theme.approved).map((theme) => theme.id)),
    caseFoldingAgrees: folding,
    responses: new Map(),
  };
}

export interface SnapshotSource {
  /**
   * The catalog's snapshot. With caching, the one kept since the last reported change; without, one read now
   * (shared by the requests that arrive while it is read).
   */
  current(caching: boolean): Promise<CatalogSnapshot>;
  /**
   * False once a change has been reported since the snapshot was read: what is resolved from it must not be kept
   * (a request that got it just before the change may still be using it).
   */
  isCurrent(snapshot: CatalogSnapshot): boolean;
}

export function createSnapshotSource(db: Database, feed: CatalogChangeFeed): SnapshotSource {
  let kept: Promise<CatalogSnapshot> | undefined;
  let reading: Promise<CatalogSnapshot> | undefined;
  // Moves with every change: a snapshot read before the latest change is served to its requests but not kept.
  let generation = 0;
  const readIn = new WeakMap<CatalogSnapshot, number>();
  feed.onChange((change) => {
    if (change.scope === 'products') return;
    generation += 1;
    kept = undefined;
    reading = undefined;
  });

  const read = () => {
    const readAt = generation;
    const snapshot = loadSnapshot(db).then((loaded) => {
      readIn.set(loaded, readAt);
      return loaded;
    });
    reading = snapshot;
    snapshot.then(() => {
      if (generation === readAt) kept = snapshot;
    }, () => undefined).finally(() => {
      if (reading === snapshot) reading = undefined;
    });
    return snapshot;
  };

  return {
    current: (caching) => (caching && kept) || reading || read(),
    isCurrent: (snapshot) => readIn.get(snapshot) === generation,
  };
}
