// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace GalleryProductListV1Schema {
/**
 * Version 1 of the product list. Frozen: it never changes once published.
 */
export interface GalleryProductListV1 {
/**
 * Products matching the filters
 */
count: number
/**
 * The next page's number, null on the last page
 */
next: (number | null)
/**
 * The previous page's number, null on the first page
 */
previous: (number | null)
/**
 * @maxItems 30
 */
results: {
id: number
name: string
description: string
theme_id: number
format_id: number
/**
 * <width>x<height> in cm
 */
format: string
orientation: ("HORIZONTAL" | "VERTICAL" | "SQUARE")
product_type_id: number
special_project: (string | null)
popularity: number
/**
 * Absolute URL of the preview image, null until it is rendered
 */
preview_cover: (string | null)
created_at: string
}[]
}
}
export type GalleryProductListV1 = GalleryProductListV1Schema.GalleryProductListV1;
