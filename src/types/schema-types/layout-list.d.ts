// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutListSchema {
/**
 * The caller's role in a shared book
 */
export type LayoutMemberRole = ("viewer" | "contributor" | "editor")

/**
 * The caller's layouts ("my products"), newest first, paged like the gallery (page, page_size up to 30), under layouts.
 */
export interface LayoutList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
layouts: {
id: string
/**
 * A short, stable, unguessable id of the layout, used in the editor's URL; GET /api/ua/layout/<hash>/ answers the layout too
 */
hash: string
/**
 * The layout's format id
 */
fmt: (number | null)
/**
 * The theme id of the product the layout was made from
 */
theme: (number | null)
/**
 * When the layout last changed (the same as updated)
 */
changed: string
product_id: (number | null)
product_name: string
name: string
/**
 * The book's status as the shop's front end reads it. OPEN: being made. COMPLETED: finished by its owner (layout/finish on the editing channel; its preflight had no errors), ready to order; any later edit makes it OPEN again. INORDER: in its owner's cart (still editable). IN_WORK: in an order set that is no longer open, frozen (edits are refused, it cannot go to the bin; renaming and cloning work), until and after delivery: delivery is the order set's status. DELETED: in the bin (restorable).
 */
status: ("OPEN" | "COMPLETED" | "INORDER" | "IN_WORK" | "DELETED")
version: number
num_pages: number
/**
 * The format's size as the front end shows it on the "Размер" line of "my products", e.g. "20x20 см"
 */
format_name: (string | null)
/**
 * The cover picked when the book was made (generate-layout's cover_type), null when none was
 */
cover_type: ("HARD_COVER" | "SOFT_COVER" | null)
/**
 * The binding picked when the book was made (generate-layout's binding_type), null when none was
 */
binding_type: ("glue" | "clip" | "spring" | null)
/**
 * The cover's lamination picked when the book was made (generate-layout's cover_lamination_types, one value as the front end sends it), null when none was
 */
cover_lamination_types: ("glance" | "mat" | null)
created: string
updated: string
price_info: {
/**
 * The price of one copy in roubles (null when the format has no price)
 */
total_cost: (number | null)
}
/**
 * A book another person shares with the caller (GET ?shared=1 lists only those)
 */
shared?: boolean
role?: LayoutMemberRole
/**
 * The cover, for the list's preview
 */
pages: LayoutPage[]
}[]
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
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres); null for a page whose scheme is not set
 */
template: ({
id: number
width: number
height: number
} | null)
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
/**
 * A shopper's photo placed in a PHOTO block (image is then null): crop in fractions of the photo's upright print master, turned clockwise by rotation, then mirrored left to right; the result fills the block. With the photo's links (image: the base to append =wN, =hN or =w0 to; orig: the original), its upright pixel size, the effective DPI at the printed size and the quality (good: at least PRINT_DPI; low: below it; cannot_print: below half of it), when known.
 */
photo?: {
photo_id: number
crop: Box
rotation: (0 | 90 | 180 | 270)
mirror: boolean
image?: string
orig?: string
size?: {
w: number
h: number
}
dpi?: (number | null)
quality?: ("good" | "low" | "cannot_print" | null)
}
/**
 * How a TEXT block's text is set (block/text); absent: the layout's font size, centred, DejaVu Sans, dark grey.
 */
style?: {
font: string
size: number
color: string
align: ("left" | "center" | "right")
}
/**
 * TEXT blocks a shopper set (block/text) on interior pages, in the owner's reads and the editing channel's answers: whether the text fits the block in its style, as the renderer and the preflight set it
 */
fits?: boolean
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
}
export type LayoutList = LayoutListSchema.LayoutList;
