// Administering products: made with their layouts (and so their previews), changed, listed, deleted.
import { renderPreviews } from '../../jobs/contracts/render-previews';
import type { Database, Orm, Transaction } from '../db/database';
import { productTypes } from '../db/tables/index';
import { pageOfList } from '../shared/paging';
import type { FieldErrors } from '../http/errors';
import { derivedKeys } from '../media/images';
import type { Queue } from '../queue/queue';
import type { StoredFileDeletions } from '../retention/stored-file-deletions';
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

/** The title is the cover's first TEXT block. */
async function retitleCover(tx: Transaction, layoutId: string, title: string): Promise<void> {
  await tx.sql.query(`
    UPDATE layout_pages SET blocks = (
      SELECT jsonb_agg(CASE WHEN position = (SELECT min(p) FROM jsonb_array_elements(blocks) WITH ORDINALITY AS t(b, p) WHERE b->>'type' = 'TEXT')
                            THEN jsonb_set(block, '{content,text}', to_jsonb($2::text)) ELSE block END ORDER BY position)
      FROM jsonb_array_elements(blocks) WITH ORDINALITY AS old(block, position))
    WHERE layout_id = $1 AND num = 0 AND jsonb_array_length(blocks) > 0`, [layoutId, title]);
}

export function createProductsAdminService(deps: {
  db: Database; products: ProductsService; queue: Queue; deletions: StoredFileDeletions;
}) {
  const { db, products, queue, deletions } = deps;
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

    /** A new name is also the title on the product's cover, so the cover and the preview follow it. */
    async update(id: number, changes: ProductChanges): Promise<Product | { errors: FieldErrors } | undefined> {
      return db.transaction(async (tx) => {
        const errors = await productTypeError(changes.productTypeId, tx.orm);
        if (errors) return { errors };
        const product = await createProductsRepository(tx.orm).update(id, changes);
        if (product && changes.name !== undefined && product.layoutId) {
          await retitleCover(tx, product.layoutId, changes.name);
          await queue.enqueue(tx, renderPreviews, { productId: product.id });
        }
        return product;
      });
    },

    find: repository.find,

    async list(themeId: number | undefined, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined) {
      return pageOfList(await repository.countOf(themeId), rawPage, rawPageSize, (limit, offset) => repository.list(themeId, limit, offset));
    },

    /**
     * Deletes the product, and its own layout and preview files unless another product shares them (bulk products
     * share their exemplar's). Shoppers' copies of its layout stay theirs. The files are recorded for deletion in the
     * deletion's transaction, and go once it is committed.
     */
    async delete(id: number): Promise<boolean> {
      const recorded = await db.transaction(async (tx) => {
        const repo = createProductsRepository(tx.orm);
        const product = await repo.delete(id);
        if (!product) return undefined;
        if (product.layoutId && !(await repo.layoutInUse(product.layoutId))) {
          await tx.sql.query('DELETE FROM layouts WHERE id = $1 AND owner_id IS NULL', [product.layoutId]);
        }
        const preview = product.previewCover && !(await repo.previewInUse(product.previewCover)) ? product.previewCover : null;
        return deletions.record(tx, preview ? [preview, ...derivedKeys(preview)] : []);
      });
      if (!recorded) return false;
      await deletions.deleteSoon(recorded);
      return true;
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
