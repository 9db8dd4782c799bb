// Product creation and its reaction: every product created through here gets its preview rendered by a job, and
// products made for a theme get a full layout from the theme's images and the page schemes of their format.
import { renderPreviews } from '../jobs/render-previews';
import type { Transaction } from '../db/database';
import type { CatalogLayouts } from '../layouts/catalog-layouts';
import type { EnqueueOptions, Queue } from '../queue/queue';
import { type NewProduct, type Product, createProductsRepository } from './repository';

export type NewCatalogProduct = Omit<NewProduct, 'templateCategories' | 'layoutId' | 'previewCover'> & {
  /** Where in the list of fitting schemes the pages start (the demo varies it). */
  schemeOffset?: number;
};

/** catalogLayouts: the layouts domain's making of products' own layouts. */
export function createProductsService(queue: Queue, catalogLayouts: Pick<CatalogLayouts, 'plan' | 'create'>) {
  /**
   * Inserts the product and enqueues its preview in the same transaction: no product without its job. previews:
   * bulk for a catalog made in bulk (the demo, seed), whose previews give way to those someone waits for.
   */
  async function create(tx: Transaction, values: NewProduct, previews: EnqueueOptions = {}): Promise<Product> {
    const product = await createProductsRepository(tx.sql).insert(values);
    await queue.enqueue(tx, renderPreviews, { productId: product.id }, previews);
    return product;
  }

  return {
    create,

    /**
     * A product with its own layout: a cover with the theme's newest front cover background and the title, and
     * ten pages on the theme's page background, following schemes that fit the format. Undefined for an unknown format.
     */
    async createWithLayout(
      tx: Transaction, { schemeOffset = 0, ...values }: NewCatalogProduct, previews: EnqueueOptions = {},
    ): Promise<Product | undefined> {
      const products = createProductsRepository(tx.sql);
      const plan = await catalogLayouts.plan(tx, values.formatId, schemeOffset);
      if (!plan) return undefined;
      const product = await create(tx, { ...values, templateCategories: plan.categories }, previews);
      const layoutId = await catalogLayouts.create(tx, plan, product, {
        frontCover: await products.newestElementImage(values.themeId, 'FRONT_COVER_BACKGROUND'),
        pageBackground: await products.newestElementImage(values.themeId, 'PAGE_BACKGROUND'),
      });
      await products.setLayout(product.id, layoutId);
      return { ...product, layoutId };
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
