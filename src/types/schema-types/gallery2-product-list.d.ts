// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace GalleryProductListV2Schema {
export interface GalleryProductListV2 {
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
orientation: ("HORIZONTAL" | "VERTICAL" | "SQUARE")
name: string
theme_id: number
/**
 * <width>x<height> in cm
 */
format: string
/**
 * Absolute URL of the preview image, null until it is rendered
 */
preview_cover: (string | null)
/**
 * The product's type (reference data), in the request's language; the front end opens a theme through it
 */
product_group: {
id: number
name: string
}
}[]
/**
 * In filtered responses: the applied query parameters as strings (repeated values joined by commas).
 */
query_params?: {
[k: string]: string
}
}
}
export type GalleryProductListV2 = GalleryProductListV2Schema.GalleryProductListV2;
