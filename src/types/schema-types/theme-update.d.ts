// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeUpdateSchema {
/**
 * Theme category ids (GET /api/gallery2/themecategory/)
 * 
 * @maxItems 16
 */
export type Categories = number[]

/**
 * Any of the fields of a theme; categories, when given, replace the theme's categories.
 */
export interface ThemeUpdate {
/**
 * Not blank; no control characters
 */
name?: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
approved?: boolean
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
categories?: Categories
}
}
export type ThemeUpdate = ThemeUpdateSchema.ThemeUpdate;
