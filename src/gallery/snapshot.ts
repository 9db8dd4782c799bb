// The small, slowly changing part of the catalog (reference data and theme attributes) held in memory per
// catalog version: filters on themes, categories and orientations become lists of theme and format ids.
import { asc } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  formats, orientations, productTypes, templateCategories, themeAuthors, themeCategories, themeCategoryLinks,
  themeColors, themes, themeStyles,
} from '../db/tables/index';

export interface Named<Id> {
  id: Id;
  nameRu: string;
  nameEn: string;
}

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
  version: number;
  formats: Map<number, FormatFacts>;
  productTypes: Named<number>[];
  themeCategories: (Named<number> & { inV1Meta: boolean })[];
  themeColors: Named<number>[];
  themeStyles: Named<number>[];
  themeAuthors: Named<number>[];
  orientations: Named<string>[];
  templateCategories: Named<string>[];
  themes: Map<number, ThemeFacts>;
}

async function loadSnapshot(db: Database, version: number): Promise<CatalogSnapshot> {
  const { orm } = db;
  const [formatRows, types, categories, colors, styles, authors, orientationRows, templateCats, themeRows, links] = await Promise.all([
    orm.select().from(formats).orderBy(asc(formats.id)),
    orm.select().from(productTypes).orderBy(asc(productTypes.id)),
    orm.select().from(themeCategories).orderBy(asc(themeCategories.id)),
    orm.select().from(themeColors).orderBy(asc(themeColors.id)),
    orm.select().from(themeStyles).orderBy(asc(themeStyles.id)),
    orm.select().from(themeAuthors).orderBy(asc(themeAuthors.id)),
    orm.select().from(orientations).orderBy(asc(orientations.id)),
    orm.select().from(templateCategories).orderBy(asc(templateCategories.id)),
    orm.select({ id: themes.id, approved: themes.approved, colorId: themes.colorId, styleId: themes.styleId, authorId: themes.authorId }).from(themes),
    orm.select().from(themeCategoryLinks),
  ]);
  const themeMap = new Map<number, ThemeFacts>(themeRows.map(({ id, ...facts }) => [id, { ...facts, categoryIds: [] }]));
  for (const link of links) themeMap.get(link.themeId)?.categoryIds.push(link.categoryId);
  return {
    version,
    formats: new Map(formatRows.map((format) => [format.id, format])),
    productTypes: types,
    themeCategories: categories,
    themeColors: colors,
    themeStyles: styles,
    themeAuthors: authors,
    orientations: orientationRows,
    templateCategories: templateCats,
    themes: themeMap,
  };
}

export interface SnapshotSource {
  /** The snapshot of the current catalog version; reloaded only when the version has moved. */
  current(): Promise<CatalogSnapshot>;
}

export function createSnapshotSource(db: Database): SnapshotSource {
  let cached: { version: number; snapshot: Promise<CatalogSnapshot> } | undefined;
  return {
    async current() {
      const { rows: [state] } = await db.sql.query<{ version: string | number }>('SELECT version FROM catalog_state');
      const version = Number(state.version);
      if (cached?.version !== version) {
        // Requests that see the same new version share one reload; a failed reload is not kept.
        const snapshot = loadSnapshot(db, version);
        cached = { version, snapshot };
        snapshot.catch(() => {
          if (cached?.snapshot === snapshot) cached = undefined;
        });
      }
      return cached.snapshot;
    },
  };
}
