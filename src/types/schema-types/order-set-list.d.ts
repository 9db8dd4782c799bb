// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderSetListSchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))
/**
 * A book's latest print job at the print partner (issue 53), or null before the book is sent (during the hold). status is the partner's (Lulu's print-job statuses), or SENDING while the partner has not yet answered. messages: the partner's words about the status (a rejection's reasons). A rejected book re-sent by an administrator is a new attempt.
 */
export type PrintJob = ({
/**
 * The configured partner's name (sandbox, lulu)
 */
partner: string
/**
 * The partner's print job id
 */
id: (string | null)
attempt: number
status: ("SENDING" | "CREATED" | "UNPAID" | "PAYMENT_IN_PROGRESS" | "PRODUCTION_DELAYED" | "PRODUCTION_READY" | "IN_PRODUCTION" | "SHIPPED" | "REJECTED" | "CANCELED")
/**
 * When the status changed, by the partner's clock
 */
status_changed: (string | null)
messages: string[]
tracking_id: (string | null)
tracking_urls: string[]
carrier_name: (string | null)
} & ({
/**
 * The configured partner's name (sandbox, lulu)
 */
partner: string
/**
 * The partner's print job id
 */
id: (string | null)
attempt: number
status: ("SENDING" | "CREATED" | "UNPAID" | "PAYMENT_IN_PROGRESS" | "PRODUCTION_DELAYED" | "PRODUCTION_READY" | "IN_PRODUCTION" | "SHIPPED" | "REJECTED" | "CANCELED")
/**
 * When the status changed, by the partner's clock
 */
status_changed: (string | null)
messages: string[]
tracking_id: (string | null)
tracking_urls: string[]
carrier_name: (string | null)
} | null))
/**
 * The caller's order sets, newest first (a plain array).
 */
export type OrderSetList = OrderSet[]

/**
 * A cart (OPEN) or a checked-out order set. total_cost is the goods' sum in roubles; delivery is paid on top.
 */
export interface OrderSet {
id: number
status: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
/**
 * The carrier's tracking number, once the set is SHIPPED
 */
tracking_number: (string | null)
total_cost: number
created: string
/**
 * Until when the shopper may cancel the paid set or take a book back (issue 53); null before payment
 */
print_hold_until: (string | null)
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
orders: Order[]
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
/**
 * One layout in an order set, with what the front end shows of the layout. price = one copy's price; cost = price x count; total_cost, delivery_box_size and delivery are the whole order set's. Money in roubles.
 */
export interface Order {
id: number
orderset_id: number
layout_id: string
/**
 * The layout's hash (the editor's URL)
 */
hash: string
layout_name: string
/**
 * The layout's format id
 */
fmt: (number | null)
num_pages: number
/**
 * The book's cover page, as a layout read gives it in pages[0] (the shop's front end draws the order from it); null when the book has none
 */
cover: (LayoutPage | null)
/**
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
preview_image: (string | null)
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
/**
 * When the layout last changed
 */
changed: string
count: number
/**
 * One copy's price
 */
price: number
cost: number
total_cost: number
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
print_job: PrintJob
preflight?: Preflight
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
/**
 * Only as the book is put in the cart: its preflight, with the warnings to show (a book with errors is refused with 409)
 */
export interface Preflight {
layout: string
/**
 * The resolution photos should print at (PRINT_DPI); low is below it, cannot_print below half of it
 */
print_dpi: number
/**
 * Content closer than this to the trim may be cut
 */
safe_margin_mm: number
/**
 * No errors
 */
printable: boolean
errors: number
warnings: number
/**
 * Only the pages with problems, in page order (0 is the cover)
 */
pages: Page[]
}
export interface Page {
num: number
problems: Problem[]
}
export interface Problem {
/**
 * The block with the problem; empty for page_count, a problem of the book as a whole (listed on page 0)
 */
block_id: string
/**
 * empty_photo: a photo frame with nothing in it (warning). low: the photo prints below print_dpi (warning). cannot_print: below half of it (error). missing_photo: the placed photo is not in the owner's library or not processed yet (error). text_overflow: the text does not fit its block (error). missing_glyphs: characters its font has no glyph for (warning). unsafe_margin: content closer to the trim than safe_margin_mm, without running into the bleed (warning). page_count: the book's interior pages are outside the range its print partner takes for its cover (pages, min_pages, max_pages; error).
 */
kind: ("empty_photo" | "low" | "cannot_print" | "missing_photo" | "text_overflow" | "missing_glyphs" | "unsafe_margin" | "page_count")
severity: ("error" | "warning")
message: string
/**
 * low and cannot_print: what the photo prints at
 */
dpi?: number
/**
 * missing_glyphs: the characters
 */
characters?: string
/**
 * page_count: the book's interior pages
 */
pages?: number
/**
 * page_count: the fewest interior pages the print partner takes for this cover
 */
min_pages?: number
/**
 * page_count: the most interior pages the print partner takes for this cover
 */
max_pages?: number
}
}
export type OrderSetList = OrderSetListSchema.OrderSetList;
