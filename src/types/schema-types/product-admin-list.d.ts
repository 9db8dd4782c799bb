// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ProductAdminListSchema {
export interface ProductAdminList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
results: ProductAdmin[]
}
export interface ProductAdmin {
id: number
name: string
description: string
theme_id: number
format_id: number
product_type_id: number
special_project: (string | null)
popularity: number
/**
 * Absolute URL of the preview (with _sm.jpg and _md.jpg beside it); null until it is rendered, within seconds of the product's creation
 */
preview_cover: (string | null)
/**
 * The product's own layout (GET /api/ua/layout/product/<id>/)
 */
layout_id: (string | null)
created_at: string
}
}
export type ProductAdminList = ProductAdminListSchema.ProductAdminList;
