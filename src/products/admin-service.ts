// Administering products: made with their layouts (and so their previews), changed, listed, deleted.
import type { Logger } from 'pino';
import type { Database, Orm } from '../db/database';
import { productTypes } from '../db/tables/index';
import { pageOfList } from '../gallery/paging';
import type { FieldErrors } from '../http/errors';
import { derivedKeys } from '../media/images';
import type { MediaStorage } from '../media/storage';
import { eq } from 'drizzle-orm';
import { createProductsRepository, type Product, type ProductChanges } from './repository';
import type { ProductsService } from './service';

export interface ProductInput {
  theme_id: number;
  format_id: number;
  product_type_id: number;
  name: string;
  description?: string;
  special_project?: string | null;
}

const notExisting = (id: number) => [`Invalid pk "${id}" - object does not exist.`];

export function createProductsAdminService(deps: { db: Database; media: MediaStorage; products: ProductsService; log: Logger }) {
  const { db, media, products, log } = deps;
  const repository = createProductsRepository(db.orm);

  async function productTypeError(id: number | undefined, orm: Orm = db.orm): Promise<FieldErrors | undefined> {
    if (id === undefined) return undefined;
    const found = await orm.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, id)).limit(1);
    return found.length > 0 ? undefined : { product_type_id: notExisting(id) };
  }

  return {
    async create(input: ProductInput): Promise<{ product: Product } | { errors: FieldErrors }> {
      return db.transaction(async (tx) => {
        // The theme is share-locked while its product is made: a delete of the theme waits, or has happened.
        const { rows: [theme] } = await tx.sql.query('SELECT id FROM themes WHERE id = $1 FOR SHARE', [input.theme_id]);
        const errors: FieldErrors = { ...(await productTypeError(input.product_type_id, tx.orm)) };
        if (!theme) errors.theme_id = notExisting(input.theme_id);
        if (!(await createProductsRepository(tx.orm).format(input.format_id))) errors.format_id = notExisting(input.format_id);
        if (Object.keys(errors).length > 0) return { errors };
        const product = await products.createWithLayout(tx, {
          themeId: input.theme_id, formatId: input.format_id, productTypeId: input.product_type_id,
          name: input.name, description: input.description ?? '', specialProject: input.special_project ?? null,
        });
        return { product: product! };
      });
    },

    async update(id: number, changes: ProductChanges): Promise<Product | { errors: FieldErrors } | undefined> {
      const errors = await productTypeError(changes.productTypeId);
      if (errors) return { errors };
      return repository.update(id, changes);
    },

    find: repository.find,

    async list(themeId: number | undefined, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined) {
      return pageOfList(await repository.countOf(themeId), rawPage, rawPageSize, (limit, offset) => repository.list(themeId, limit, offset));
    },

    /**
     * Deletes the product, and its own layout and preview files unless another product shares them (bulk products
     * share their exemplar's). Shoppers' copies of its layout stay theirs. Files go once the deletion is committed.
     */
    async delete(id: number): Promise<boolean> {
      const preview = await db.transaction(async (tx) => {
        const repo = createProductsRepository(tx.orm);
        const product = await repo.delete(id);
        if (!product) return undefined;
        if (product.layoutId && !(await repo.layoutInUse(product.layoutId))) {
          await tx.sql.query('DELETE FROM layouts WHERE id = $1 AND owner_id IS NULL', [product.layoutId]);
        }
        return { key: product.previewCover && !(await repo.previewInUse(product.previewCover)) ? product.previewCover : null };
      });
      if (!preview) return false;
      if (preview.key) {
        await Promise.all([preview.key, ...derivedKeys(preview.key)].map((key) =>
          media.delete(key).catch((error) => log.error({ err: error, key }, 'preview file left behind'))));
      }
      return true;
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
