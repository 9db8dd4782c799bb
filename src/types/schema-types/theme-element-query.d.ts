// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeElementQuerySchema {
export interface ThemeElementQuery {
/**
 * Only elements of this type; without it, all of the theme's elements.
 */
element_type?: ("FRONT_COVER_BACKGROUND" | "BACK_COVER_BACKGROUND" | "COVER_BACKGROUND" | "SPINE_BACKGROUND" | "PAGE_BACKGROUND" | "FORMAT_STRIPE" | "CORNER" | "DESIGN_ELEMENT")
}
}
export type ThemeElementQuery = ThemeElementQuerySchema.ThemeElementQuery;
