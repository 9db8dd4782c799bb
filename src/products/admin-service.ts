// Administering products: made with their layouts (and so their previews), changed, listed, deleted.
import { renderPreviews } from '../jobs/render-previews';
import type { Database } from '../db/database';
import { pageOfList } from '../shared/paging';
import type { CatalogLayouts } from '../layouts/catalog-layouts';
import { derivedKeys } from '../media/images';
import type { Queue } from '../queue/queue';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { type FieldErrors, invalid, notFound } from '../shared/errors';
import type { ProductCreate } from '../types/schemas';
import { createProductsRepository, type Product, type ProductChanges, type ProductsRepository } from './repository';
import type { ProductsService } from './service';

const notExisting = (id: number) => [`Invalid pk "${id}" - object does not exist.`];

/** The product type's field error, when one is given that does not exist. */
async function productTypeError(repository: ProductsRepository, id: number | undefined): Promise<FieldErrors> {
  return id === undefined || (await repository.productTypeExists(id)) ? {} : { product_type_id: notExisting(id) };
}

export function createProductsAdminService(deps: {
  db: Database; products: ProductsService; queue: Queue; deletions: StoredFileDeletions;
  /** The layouts domain's retitling of a product's own layout. */
  catalogLayouts: Pick<CatalogLayouts, 'retitleCover'>;
}) {
  const { db, products, queue, deletions, catalogLayouts } = deps;
  const repository = createProductsRepository(db.sql);

  return {
    /** Field errors (400) for a theme, format or product type that does not exist. */
    async create(input: ProductCreate): Promise<Product> {
      return db.transaction(async (tx) => {
        const repo = createProductsRepository(tx.sql);
        // The theme is share-locked while its product is made: a delete of the theme waits, or has happened.
        const themeExists = await repo.lockThemeForShare(input.theme_id);
        const errors = await productTypeError(repo, input.product_type_id);
        if (!themeExists) errors.theme_id = notExisting(input.theme_id);
        if (!(await repo.formatExists(input.format_id))) errors.format_id = notExisting(input.format_id);
        if (Object.keys(errors).length > 0) throw invalid(errors);
        const product = await products.createWithLayout(tx, {
          themeId: input.theme_id, formatId: input.format_id, productTypeId: input.product_type_id,
          name: input.name, description: input.description ?? '', specialProject: input.special_project ?? null,
        });
        return product!;
      });
    },

    /** A new name is also the title on the product's cover, so the cover and the preview follow it. */
    async update(id: number, changes: ProductChanges): Promise<Product> {
      return db.transaction(async (tx) => {
        const repo = createProductsRepository(tx.sql);
        const errors = await productTypeError(repo, changes.productTypeId);
        if (Object.keys(errors).length > 0) throw invalid(errors);
        const product = await repo.update(id, changes);
        if (!product) throw notFound();
        if (changes.name !== undefined && product.layoutId) {
          await catalogLayouts.retitleCover(tx, product.layoutId, changes.name);
          await queue.enqueue(tx, renderPreviews, { productId: product.id });
        }
        return product;
      });
    },

    async find(id: number): Promise<Product> {
      const product = await repository.find(id);
      if (!product) throw notFound();
      return product;
    },

    /** A page of products, newest first; "Invalid page." (404) past the last. */
    async list(themeId: number | undefined, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined) {
      return pageOfList(await repository.countOf(themeId), rawPage, rawPageSize, (limit, offset) => repository.list(themeId, limit, offset));
    },

    /**
     * Deletes the product, and its own layout and preview files unless another product shares them (bulk products
     * share their exemplar's). Shoppers' copies of its layout stay theirs. The files are recorded for deletion in the
     * deletion's transaction, and go once it is committed.
     */
    async delete(id: number): Promise<void> {
      const recorded = await db.transaction(async (tx) => {
        const repo = createProductsRepository(tx.sql);
        const product = await repo.delete(id);
        if (!product) throw notFound();
        if (product.layoutId && !(await repo.layoutInUse(product.layoutId))) await repo.deleteCatalogLayout(product.layoutId);
        const preview = product.previewCover && !(await repo.previewInUse(product.previewCover)) ? product.previewCover : null;
        return deletions.record(tx, preview ? [preview, ...derivedKeys(preview)] : []);
      });
      await deletions.deleteSoon(recorded);
    },
  };
}

export type ProductsAdminService = ReturnType<typeof createProductsAdminService>;
