// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutBlockSchema {
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
}
export type LayoutBlock = LayoutBlockSchema.LayoutBlock;
