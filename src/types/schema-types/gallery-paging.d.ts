// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace GalleryPagingSchema {
/**
 * Paging of the gallery's product lists (documentation of the query; the rules are applied as described, never as a 400).
 */
export interface GalleryPaging {
/**
 * Integer from 1, or "last" (default 1). Anything else, or a page past the last, is 404 {"detail": "Invalid page."}; page 1 of an empty result is a valid empty page.
 */
page?: string
/**
 * Default 20, at most 30 (a larger value is served as 30); a missing, zero, negative or non-numeric value means 20.
 */
page_size?: string
}
}
export type GalleryPaging = GalleryPagingSchema.GalleryPaging;
