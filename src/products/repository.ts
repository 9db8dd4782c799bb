// SQL for products: no rules here.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { formats, products, templates, themeElements, type ThemeElementType } from '../db/tables/index';
import { coverTemplateSize } from '../render/book-geometry';
import type { Format } from '../layouts/repository';

export type NewProduct = typeof products.$inferInsert;
export type Product = typeof products.$inferSelect;
export type ProductChanges = Partial<Pick<Product, 'name' | 'description' | 'productTypeId' | 'specialProject' | 'popularity'>>;

export function createProductsRepository(orm: Orm) {
  return {
    async insert(values: NewProduct): Promise<Product> {
      const [product] = await orm.insert(products).values(values).returning();
      return product;
    },
    async count(): Promise<number> {
      const [row] = await orm.select({ value: count() }).from(products);
      return Number(row.value);
    },
    async find(id: number): Promise<Product | undefined> {
      const [product] = await orm.select().from(products).where(eq(products.id, id));
      return product;
    },
    async list(themeId: number | undefined, limit: number, offset: number): Promise<Product[]> {
      return orm.select().from(products).where(themeId === undefined ? undefined : eq(products.themeId, themeId))
        .orderBy(desc(products.createdAt), desc(products.id)).limit(limit).offset(offset);
    },
    async countOf(themeId: number | undefined): Promise<number> {
      const [row] = await orm.select({ value: count() }).from(products).where(themeId === undefined ? undefined : eq(products.themeId, themeId));
      return Number(row.value);
    },
    async update(id: number, changes: ProductChanges): Promise<Product | undefined> {
      const [product] = await orm.update(products).set(changes).where(eq(products.id, id)).returning();
      return product;
    },
    async setLayout(id: number, layoutId: string): Promise<void> {
      await orm.update(products).set({ layoutId }).where(eq(products.id, id));
    },
    async delete(id: number): Promise<Product | undefined> {
      const [product] = await orm.delete(products).where(eq(products.id, id)).returning();
      return product;
    },
    /** Whether another product (bulk products share their exemplar's) still uses this layout or preview. */
    async layoutInUse(layoutId: string): Promise<boolean> {
      return (await orm.select({ id: products.id }).from(products).where(eq(products.layoutId, layoutId)).limit(1)).length > 0;
    },
    async previewInUse(key: string): Promise<boolean> {
      return (await orm.select({ id: products.id }).from(products).where(eq(products.previewCover, key)).limit(1)).length > 0;
    },
    /** Sets the preview and returns the one it replaces (null for none); undefined when the product is gone. */
    async swapPreview(id: number, key: string): Promise<{ previous: string | null } | undefined> {
      const [row] = await orm.execute(sql`
        UPDATE products p SET preview_cover = ${key}
        FROM (SELECT id, preview_cover FROM products WHERE id = ${id} FOR UPDATE) old
        WHERE p.id = old.id RETURNING old.preview_cover AS previous`).then(rowsOf<{ previous: string | null }>);
      return row;
    },
    async format(id: number) {
      const [row] = await orm.select().from(formats).where(eq(formats.id, id));
      return row;
    },
    async allFormats() {
      return orm.select().from(formats).orderBy(asc(formats.id));
    },
    /** The format's cover template, made on first use (a format added later gets one too). */
    async coverTemplate(format: Format) {
      const size = coverTemplateSize(format);
      const [row] = await orm.insert(templates).values({ ...size, coverFormatId: format.id })
        .onConflictDoUpdate({ target: templates.coverFormatId, set: size })
        .returning({ id: templates.id, width: templates.width, height: templates.height });
      return row;
    },
    /** The theme's newest element of that type (the one a new upload replaces the others with). */
    async newestElementImage(themeId: number, type: ThemeElementType): Promise<string | null> {
      const [row] = await orm.select({ image: themeElements.image }).from(themeElements)
        .where(and(eq(themeElements.themeId, themeId), eq(themeElements.elementType, type)))
        .orderBy(desc(themeElements.id)).limit(1);
      return row?.image ?? null;
    },
  };
}

/** drizzle's execute answers a pg result on a server and a PGlite result embedded; both carry rows. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
