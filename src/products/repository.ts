// SQL for products: no rules here.
import { count } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { products } from '../db/tables/index';

export type NewProduct = typeof products.$inferInsert;
export type Product = typeof products.$inferSelect;

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
  };
}
