// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutMessageAckSchema {
/**
 * The acknowledgement of an editing message: the page after the change and the layout's version, or an error.
 */
export type LayoutMessageAck = ({
transaction_id: string
response_data: Change
version: number
} | {
/**
 * As sent, or null when the message had none
 */
transaction_id: (string | null)
error: Error
})

export interface Change {
data: (LayoutPage | null)
pages?: LayoutPage[]
removed_page_ids?: string[]
layout?: LayoutDelta
autofill?: Autofill
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
export interface LayoutDelta {
/**
 * Pages with the cover
 */
num_pages: number
price_info: {
total_cost: (number | null)
}
photo_ids: number[]
photos: BookPhoto[]
/**
 * Whether the book is finished (layout/finish) since its last edit: an edit of a finished book makes it unfinished, and its answer carries this delta
 */
finished?: boolean
}
export interface BookPhoto {
id: number
photo_id: number
url: string
orig: string
size_orig: {
w: number
h: number
px_width: number
px_height: number
}
}
/**
 * What layout/autofill did
 */
export interface Autofill {
pages_changed: number[]
pages_before: number
pages_after: number
photos_placed: number
photos_left_out: {
photo_id: number
reason: ("duplicate" | "burst" | "blurred" | "eyes_closed" | "no_slot" | "not_ready")
}[]
mismatched_slots: number
low: number
cannot_print: number
}
export interface Error {
code: ("invalid_message" | "forbidden" | "not_found" | "invalid_scheme" | "transaction_conflict" | "rate_limited" | "server_error" | "invalid_token" | "token_expired" | "page_limit" | "nothing_to_undo" | "nothing_to_redo" | "preflight_failed" | "locked" | "conflict")
/**
 * locked: the member who holds the block
 */
holder?: {
user_id: number
name: string
}
message: string
/**
 * conflict (layout/undo, layout/redo): the pages another person changed since the step, which it would have put back
 */
pages?: string[]
/**
 * conflict: the blocks among them another person changed since the step
 */
blocks?: string[]
/**
 * conflict: another person changed the book's own fields (its photo list, page count, unplaced contents) since the step
 */
layout?: boolean
/**
 * preflight_failed (layout/finish): the preflight's errors, each with its page's num
 */
problems?: {
num: number
block_id: string
kind: string
severity: "error"
message: string
dpi?: number
characters?: string
pages?: number
min_pages?: number
max_pages?: number
}[]
}
}
export type LayoutMessageAck = LayoutMessageAckSchema.LayoutMessageAck;
