// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeCreateSchema {
export interface ThemeCreate {
/**
 * Not blank; no control characters
 */
name: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
/**
 * Approved themes are shown to shoppers; saving one approved without products generates its products
 */
approved: boolean
/**
 * Theme author id (GET /api/gallery/meta/ theme_author)
 */
author?: (number | null)
/**
 * Theme color id (meta theme_color)
 */
color?: (number | null)
/**
 * Theme style id (meta theme_style)
 */
style?: (number | null)
/**
 * Theme category ids (GET /api/gallery2/themecategory/)
 * 
 * @maxItems 16
 */
categories?: number[]
}
}
export type ThemeCreate = ThemeCreateSchema.ThemeCreate;
