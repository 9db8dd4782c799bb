// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PageBackgroundSchema {
/**
 * Sets a page's background to a PAGE_BACKGROUND element of the book's theme, or none (null): {object: "page", action: "background"}.
 */
export interface PageBackground {
transaction_id: string
object: "page"
action: "background"
params: {
layout_id: string
/**
 * The page's id
 */
id: string
}
payload: {
/**
 * The theme element's id (GET /api/theme/<id>/element/)
 */
element_id: (number | null)
}
}
}
export type PageBackground = PageBackgroundSchema.PageBackground;
