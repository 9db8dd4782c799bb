// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderSchema {
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
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
cover: (string | null)
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
preflight?: Preflight
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
block_id: string
/**
 * empty_photo: a photo frame with nothing in it (warning). low: the photo prints below print_dpi (warning). cannot_print: below half of it (error). missing_photo: the placed photo is not in the owner's library or not processed yet (error). text_overflow: the text does not fit its block (error). missing_glyphs: characters its font has no glyph for (warning). unsafe_margin: content closer to the trim than safe_margin_mm, without running into the bleed (warning).
 */
kind: ("empty_photo" | "low" | "cannot_print" | "missing_photo" | "text_overflow" | "missing_glyphs" | "unsafe_margin")
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
}
}
export type Order = OrderSchema.Order;
