// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeElementSchema {
export interface ThemeElement {
id: number
theme: number
/**
 * Only elements of this type; without it, all of the theme's elements.
 */
element_type: ("FRONT_COVER_BACKGROUND" | "BACK_COVER_BACKGROUND" | "COVER_BACKGROUND" | "SPINE_BACKGROUND" | "PAGE_BACKGROUND" | "FORMAT_STRIPE" | "CORNER" | "DESIGN_ELEMENT")
image_type: (string | null)
position: string
format: string
is_pattern: boolean
scale: number
/**
 * Absolute URL of the original; append _sm.jpg (300 px) or _md.jpg (1200 px on the long side) for JPEG derivatives.
 */
image: string
/**
 * The original's width in pixels
 */
width: number
/**
 * The original's height in pixels
 */
height: number
}
}
export type ThemeElement = ThemeElementSchema.ThemeElement;
