// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutAutofillSchema {
/**
 * Fills the book from its photos: {object: "layout", action: "autofill"}. See docs/api.md, "Autofill".
 */
export interface LayoutAutofill {
transaction_id: string
object: "layout"
action: "autofill"
params: {
layout_id: string
/**
 * The layout's id again (optional)
 */
id?: string
}
payload: {
/**
 * The first interior page filled; those before it stay as they are (default 1)
 */
from_page?: number
/**
 * The photos to place (they join the book's list); default: the book's photos not placed before from_page
 * 
 * @minItems 1
 * @maxItems 1000
 */
photo_ids?: [number, ...(number)[]]
/**
 * capture_time (default): by capture instant, photos without one keeping their upload place; given: as listed
 */
order?: ("capture_time" | "given")
/**
 * keep (default): the book's page count; fit: as many spreads as the photos need, within the format's limits
 */
pages?: ("keep" | "fit")
/**
 * One photo of each near-duplicate group (default true)
 */
skip_near_duplicates?: boolean
}
}
}
export type LayoutAutofill = LayoutAutofillSchema.LayoutAutofill;
