// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace GalleryFilterSchema {
/**
 * Product type ids (see /api/gallery/meta/ product_type).
 * 
 * @maxItems 50
 */
export type Ids = number[]
/**
 * Format ids (meta fmt).
 * 
 * @maxItems 50
 */
export type Ids1 = number[]
/**
 * Theme category ids (meta theme_cat, or /api/gallery2/themecategory/).
 * 
 * @maxItems 50
 */
export type Ids2 = number[]
/**
 * Theme color ids.
 * 
 * @maxItems 50
 */
export type Ids3 = number[]
/**
 * Theme style ids.
 * 
 * @maxItems 50
 */
export type Ids4 = number[]
/**
 * Theme author ids.
 * 
 * @maxItems 50
 */
export type Ids5 = number[]

/**
 * Filters of GET /api/gallery/product/ (version 1). A repeated parameter means any of its values; different parameters must all hold. Unknown parameters are ignored.
 */
export interface GalleryFilter {
/**
 * Case-insensitive substring of the product's name or description, matched literally (% and _ are plain characters).
 */
search?: string
type?: Ids
fmt?: Ids1
/**
 * Format orientations.
 * 
 * @maxItems 3
 */
fmt_orient?: ("HORIZONTAL" | "VERTICAL" | "SQUARE")[]
/**
 * Template categories of the product's pages, by the string ids the metadata lists (variablephoto, bigphoto, ...). The original specification types this as an integer; the metadata's ids are strings, and those are what is accepted.
 * 
 * @maxItems 50
 */
template_cat?: string[]
theme_cat?: Ids2
theme_color?: Ids3
theme_style?: Ids4
theme_author?: Ids5
/**
 * new: newest first (the default); top: most popular first. Ties are broken by id.
 */
sort?: ("new" | "top")
}
}
export type GalleryFilter = GalleryFilterSchema.GalleryFilter;
