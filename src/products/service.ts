// Product creation and its reaction: every product created through here gets its preview rendered by a job.
import { renderPreviews } from '../../jobs/render-previews';
import type { Transaction } from '../db/database';
import type { Queue } from '../queue/queue';
import { type NewProduct, type Product, createProductsRepository } from './repository';

export function createProductsService(queue: Queue) {
  return {
    /** Inserts the product and enqueues its preview in the same transaction: no product without its job. */
    async create(tx: Transaction, values: NewProduct): Promise<Product> {
      const product = await createProductsRepository(tx.orm).insert(values);
      await queue.enqueue(tx, renderPreviews, { productId: product.id });
      return product;
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
