// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ProductCreateSchema {
export interface ProductCreate {
theme_id: number
format_id: number
product_type_id: number
/**
 * Not blank; no control characters
 */
name: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
special_project?: (string | null)
}
}
export type ProductCreate = ProductCreateSchema.ProductCreate;
