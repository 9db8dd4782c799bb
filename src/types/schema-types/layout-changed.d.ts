// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutChangedSchema {
/**
 * Socket.IO namespace /layout, event "layout:changed", sent to every other socket that joined the layout.
 */
export interface LayoutChanged {
layout_id: string
version: number
page: LayoutPage
}
/**
 * A page of a layout. num 0 is the cover (type COVER): the whole spread, back, spine and front, whose template is the format's cover template (its size in millimetres, spine included). The others are type PAGE and follow a page scheme.
 */
export interface LayoutPage {
id: string
/**
 * The layout's id
 */
layout: string
num: number
type: ("COVER" | "PAGE")
/**
 * On the cover, the viewbox units per millimetre of its height (100 / template.height): the front end lets a cover background run over the board's edges by so many units per millimetre. On pages, 1.
 */
factor: number
width_px: number
/**
 * The page in the units of its blocks: 100 x 100 on pages (percent); on the cover 100 high and 100 * template.width / template.height wide (a unit as long across as down).
 */
viewbox: {
width: number
height: number
}
/**
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres)
 */
template: {
id: number
width: number
height: number
}
blocks: LayoutBlock[]
}
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
export type LayoutChanged = LayoutChangedSchema.LayoutChanged;
