// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutPageImageQuerySchema {
export interface LayoutPageImageQuery {
/**
 * The image's width in pixels (the height follows the page's proportions)
 */
width: number
/**
 * As on the viewer page
 */
expires?: string
/**
 * As on the viewer page
 */
sig?: string
}
}
export type LayoutPageImageQuery = LayoutPageImageQuerySchema.LayoutPageImageQuery;
