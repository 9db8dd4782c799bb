// SQL for layouts and their pages: no rules here.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { formats, layoutPages, layouts, products, templates, themes, type LayoutStatus } from '../db/tables/index';

export type NewLayout = typeof layouts.$inferInsert;
export type NewLayoutPage = Omit<typeof layoutPages.$inferInsert, 'layoutId'>;
export type LayoutRow = typeof layouts.$inferSelect & { productName: string | null };
export type LayoutPageRow = typeof layoutPages.$inferSelect & { templateWidth: number | null; templateHeight: number | null };
export type Template = typeof templates.$inferSelect;
export type Format = typeof formats.$inferSelect;

const layoutColumns = {
  id: layouts.id, productId: layouts.productId, ownerId: layouts.ownerId, formatId: layouts.formatId,
  name: layouts.name, numPages: layouts.numPages, fontSize: layouts.fontSize, lastSchemePageNum: layouts.lastSchemePageNum,
  schemeThemeRel: layouts.schemeThemeRel, status: layouts.status, version: layouts.version, unplaced: layouts.unplaced,
  createdAt: layouts.createdAt, updatedAt: layouts.updatedAt, productName: products.name,
};

const pageColumns = {
  id: layoutPages.id, layoutId: layoutPages.layoutId, num: layoutPages.num, type: layoutPages.type,
  factor: layoutPages.factor, widthPx: layoutPages.widthPx, viewbox: layoutPages.viewbox,
  templateId: layoutPages.templateId, blocks: layoutPages.blocks,
  templateWidth: templates.width, templateHeight: templates.height,
};

export function createLayoutsRepository(orm: Orm) {
  return {
    /** Inserts a layout with its pages; returns the layout's id. */
    async insertWithPages(layout: NewLayout, pages: NewLayoutPage[]): Promise<string> {
      const [{ id }] = await orm.insert(layouts).values({ ...layout, numPages: pages.length }).returning({ id: layouts.id });
      if (pages.length > 0) await orm.insert(layoutPages).values(pages.map((page) => ({ ...page, layoutId: id })));
      return id;
    },

    async find(id: string): Promise<LayoutRow | undefined> {
      const [row] = await orm.select(layoutColumns).from(layouts)
        .leftJoin(products, eq(products.id, layouts.productId)).where(eq(layouts.id, id));
      return row;
    },

    async pagesOf(layoutId: string): Promise<LayoutPageRow[]> {
      return orm.select(pageColumns).from(layoutPages)
        .leftJoin(templates, eq(templates.id, layoutPages.templateId))
        .where(eq(layoutPages.layoutId, layoutId)).orderBy(asc(layoutPages.num));
    },

    /** The product's own layout (the catalog's, not a shopper's copy) and whether shoppers may see the product. */
    async productLayout(productId: number): Promise<{ layoutId: string | null; approved: boolean } | undefined> {
      const [row] = await orm.select({ layoutId: products.layoutId, approved: themes.approved }).from(products)
        .innerJoin(themes, eq(themes.id, products.themeId)).where(eq(products.id, productId));
      return row;
    },

    async listOwned(ownerId: number, status: LayoutStatus, limit: number, offset: number): Promise<LayoutRow[]> {
      return orm.select(layoutColumns).from(layouts)
        .leftJoin(products, eq(products.id, layouts.productId))
        .where(and(eq(layouts.ownerId, ownerId), eq(layouts.status, status)))
        .orderBy(desc(layouts.createdAt), desc(layouts.id))
        .limit(limit).offset(offset);
    },

    async countOwned(ownerId: number, status: LayoutStatus): Promise<number> {
      const [row] = await orm.select({ value: count() }).from(layouts)
        .where(and(eq(layouts.ownerId, ownerId), eq(layouts.status, status)));
      return Number(row.value);
    },

    async update(id: string, changes: { name?: string; status?: LayoutStatus }): Promise<void> {
      await orm.update(layouts).set({ ...changes, updatedAt: sql`now()` }).where(eq(layouts.id, id));
    },

    async format(id: number): Promise<Format | undefined> {
      const [row] = await orm.select().from(formats).where(eq(formats.id, id));
      return row;
    },

    /** Page schemes in id order, of the given categories (all when none are given). */
    async templates(categories: string[]): Promise<Template[]> {
      return orm.select().from(templates)
        .where(categories.length > 0 ? inArray(templates.categoryId, categories) : undefined)
        .orderBy(asc(templates.id));
    },
  };
}

export type LayoutsRepository = ReturnType<typeof createLayoutsRepository>;
