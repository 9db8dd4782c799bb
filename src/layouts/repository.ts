// SQL for layouts and their pages: no rules here.
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { formats, layoutPages, layouts, prices, products, templates, themes, type LayoutStatus } from '../db/tables/index';
import type { PriceRule } from '../orders/pricing';

export type NewLayout = typeof layouts.$inferInsert;
export type NewLayoutPage = Omit<typeof layoutPages.$inferInsert, 'layoutId'>;
/** With the product's name and theme, and the format's size (for the format's name the front end shows). */
export type LayoutRow = typeof layouts.$inferSelect & {
  productName: string | null; themeId: number | null; formatWidthCm: number | null; formatHeightCm: number | null;
};
/** A layout in the owner's list, with the price rule of its format (null when the format has no price). */
export type ListedLayoutRow = LayoutRow & { priceRule: PriceRule | null };
export type LayoutPageRow = typeof layoutPages.$inferSelect & { templateWidth: number | null; templateHeight: number | null };
/** A page scheme: a template with a category (cover templates have none). */
export type Template = typeof templates.$inferSelect & { categoryId: string };
export type Format = typeof formats.$inferSelect;

const layoutColumns = {
  id: layouts.id, productId: layouts.productId, ownerId: layouts.ownerId, formatId: layouts.formatId,
  name: layouts.name, numPages: layouts.numPages, fontSize: layouts.fontSize, lastSchemePageNum: layouts.lastSchemePageNum,
  schemeThemeRel: layouts.schemeThemeRel, status: layouts.status, hash: layouts.hash, version: layouts.version,
  unplaced: layouts.unplaced, createdAt: layouts.createdAt, updatedAt: layouts.updatedAt, productName: products.name,
  themeId: products.themeId, coverType: layouts.coverType, bindingType: layouts.bindingType,
  coverLamination: layouts.coverLamination, formatWidthCm: formats.widthCm, formatHeightCm: formats.heightCm,
};

/** The owner's layouts with one status, or all but the bin's when none is given. */
const ownedWith = (ownerId: number, status: LayoutStatus | undefined): SQL | undefined =>
  and(eq(layouts.ownerId, ownerId), status ? eq(layouts.status, status) : ne(layouts.status, 'DELETED'));

// The first key of the owner lock (the second is the owner's id): a constant no other advisory lock uses.
const OWNER_LOCK_CLASS = 7_305_017;

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

    /** By its id, or by its hash (the editor's URL). */
    async find(ref: string | { id: string } | { hash: string }): Promise<LayoutRow | undefined> {
      const where = typeof ref === 'string' ? eq(layouts.id, ref) : 'id' in ref ? eq(layouts.id, ref.id) : eq(layouts.hash, ref.hash);
      const [row] = await orm.select(layoutColumns).from(layouts).leftJoin(products, eq(products.id, layouts.productId))
        .leftJoin(formats, eq(formats.id, layouts.formatId)).where(where);
      return row;
    },

    /** The covers (page 0) of the given layouts. */
    async coversOf(layoutIds: string[]): Promise<LayoutPageRow[]> {
      if (layoutIds.length === 0) return [];
      return orm.select(pageColumns).from(layoutPages)
        .leftJoin(templates, eq(templates.id, layoutPages.templateId))
        .where(and(inArray(layoutPages.layoutId, layoutIds), eq(layoutPages.num, 0)));
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

    async listOwned(ownerId: number, status: LayoutStatus | undefined, limit: number, offset: number): Promise<ListedLayoutRow[]> {
      const rows = await orm.select({
        ...layoutColumns,
        baseKopecks: prices.baseKopecks, includedPages: prices.includedPages, extraPageKopecks: prices.extraPageKopecks,
      }).from(layouts)
        .leftJoin(products, eq(products.id, layouts.productId))
        .leftJoin(formats, eq(formats.id, layouts.formatId))
        .leftJoin(prices, eq(prices.formatId, layouts.formatId))
        .where(ownedWith(ownerId, status))
        .orderBy(desc(layouts.createdAt), desc(layouts.id))
        .limit(limit).offset(offset);
      return rows.map(({ baseKopecks, includedPages, extraPageKopecks, ...layout }) => ({
        ...layout,
        priceRule: baseKopecks === null ? null : { baseKopecks, includedPages: includedPages!, extraPageKopecks: extraPageKopecks! },
      }));
    },

    async countOwned(ownerId: number, status: LayoutStatus | undefined): Promise<number> {
      const [row] = await orm.select({ value: count() }).from(layouts).where(ownedWith(ownerId, status));
      return Number(row.value);
    },

    /** Holds the owner's layouts lock until the transaction ends (an advisory lock: no row is locked). */
    async lockOwner(ownerId: number): Promise<void> {
      await orm.execute(sql`SELECT pg_advisory_xact_lock(${OWNER_LOCK_CLASS}, ${ownerId})`);
    },

    async rename(id: string, name: string): Promise<void> {
      await orm.update(layouts).set({ name, updatedAt: sql`now()` }).where(eq(layouts.id, id));
    },

    /** Moves the layout from one status to another; false when it no longer has the first (an order froze it). */
    async moveStatus(id: string, from: LayoutStatus, to: LayoutStatus): Promise<boolean> {
      const moved = await orm.update(layouts).set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(layouts.id, id), eq(layouts.status, from))).returning({ id: layouts.id });
      return moved.length === 1;
    },

    async format(id: number): Promise<Format | undefined> {
      const [row] = await orm.select().from(formats).where(eq(formats.id, id));
      return row;
    },

    /** Page schemes in id order, of the given categories (all when none are given); never a cover template. */
    async templates(categories: string[]): Promise<Template[]> {
      return await orm.select().from(templates)
        .where(and(isNull(templates.coverFormatId), categories.length > 0 ? inArray(templates.categoryId, categories) : undefined))
        .orderBy(asc(templates.id)) as Template[];
    },
  };
}

export type LayoutsRepository = ReturnType<typeof createLayoutsRepository>;
