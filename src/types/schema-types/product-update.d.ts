// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ProductUpdateSchema {
/**
 * A product's theme and format are fixed: its layout is made for them.
 */
export interface ProductUpdate {
product_type_id?: number
/**
 * Not blank; no control characters
 */
name?: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
special_project?: (string | null)
popularity?: number
}
}
export type ProductUpdate = ProductUpdateSchema.ProductUpdate;
