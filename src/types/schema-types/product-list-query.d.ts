// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ProductListQuerySchema {
export interface ProductListQuery {
/**
 * Only this theme's products
 */
theme_id?: number
}
}
export type ProductListQuery = ProductListQuerySchema.ProductListQuery;
