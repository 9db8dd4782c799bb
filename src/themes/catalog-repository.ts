// SQL for administering themes: rows, category links, references, and the products that depend on them.
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { products, themeAuthors, themeCategories, themeCategoryLinks, themeColors, themeStyles, themes } from '../db/tables/index';
import type { Theme } from './repository';

export type ThemeFields = Partial<Pick<Theme, 'name' | 'description' | 'approved' | 'authorId' | 'colorId' | 'styleId'>>;

const REFERENCE_TABLES = { author: themeAuthors, color: themeColors, style: themeStyles, categories: themeCategories } as const;

export function createCatalogRepository(orm: Orm) {
  return {
    async insert(fields: ThemeFields & { name: string; createdBy: number }): Promise<Theme> {
      const [theme] = await orm.insert(themes).values(fields).returning();
      return theme;
    },
    /** Locks the row for the rest of the transaction. */
    async lock(id: number): Promise<Theme | undefined> {
      const [theme] = await orm.select().from(themes).where(eq(themes.id, id)).for('update');
      return theme;
    },
    async update(id: number, fields: ThemeFields): Promise<Theme> {
      if (Object.keys(fields).length === 0) return (await orm.select().from(themes).where(eq(themes.id, id)))[0];
      const [theme] = await orm.update(themes).set(fields).where(eq(themes.id, id)).returning();
      return theme;
    },
    async delete(id: number): Promise<void> {
      await orm.delete(themes).where(eq(themes.id, id));
    },
    async setCategories(themeId: number, categoryIds: number[]): Promise<void> {
      await orm.delete(themeCategoryLinks).where(eq(themeCategoryLinks.themeId, themeId));
      if (categoryIds.length > 0) await orm.insert(themeCategoryLinks).values(categoryIds.map((categoryId) => ({ themeId, categoryId })));
    },
    async categoriesOf(themeIds: number[]): Promise<Map<number, number[]>> {
      const links = themeIds.length === 0 ? [] : await orm.select().from(themeCategoryLinks)
        .where(inArray(themeCategoryLinks.themeId, themeIds)).orderBy(asc(themeCategoryLinks.categoryId));
      const byTheme = new Map<number, number[]>(themeIds.map((id) => [id, []]));
      for (const link of links) byTheme.get(link.themeId)!.push(link.categoryId);
      return byTheme;
    },
    async hasProducts(themeId: number): Promise<boolean> {
      return (await orm.select({ id: products.id }).from(products).where(eq(products.themeId, themeId)).limit(1)).length > 0;
    },
    async list(approved: boolean | undefined, limit: number, offset: number): Promise<Theme[]> {
      return orm.select().from(themes).where(approved === undefined ? undefined : eq(themes.approved, approved))
        .orderBy(desc(themes.createdAt), desc(themes.id)).limit(limit).offset(offset);
    },
    async countOf(approved: boolean | undefined): Promise<number> {
      const [row] = await orm.select({ value: count() }).from(themes).where(approved === undefined ? undefined : eq(themes.approved, approved));
      return Number(row.value);
    },
    /** The ids among these that do not exist in the reference table. */
    async missingReferences(table: keyof typeof REFERENCE_TABLES, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const reference = REFERENCE_TABLES[table];
      const found = new Set((await orm.select({ id: reference.id }).from(reference).where(inArray(reference.id, ids))).map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },
  };
}

