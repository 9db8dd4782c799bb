// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutFinishSchema {
/**
 * Marks the book finished, ready to order (the shop's front end shows it COMPLETED): {object: "layout", action: "finish"}. Refused with preflight_failed and the preflight's errors when it has any; the next edit makes it unfinished again.
 */
export interface LayoutFinish {
transaction_id: string
object: "layout"
action: "finish"
params: {
layout_id: string
/**
 * The layout's id again (optional)
 */
id?: string
}
payload: {

}
}
}
export type LayoutFinish = LayoutFinishSchema.LayoutFinish;
