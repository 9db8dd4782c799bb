// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutViewerQuerySchema {
export interface LayoutViewerQuery {
/**
 * With sig: the link's expiry (Unix seconds), from GET /api/ua/layout/<id>/viewer/
 */
expires?: string
/**
 * With expires: the link's signature; opens a private layout's viewer and its images until it expires
 */
sig?: string
}
}
export type LayoutViewerQuery = LayoutViewerQuerySchema.LayoutViewerQuery;
