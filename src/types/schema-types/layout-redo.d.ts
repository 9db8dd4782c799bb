// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutRedoSchema {
/**
 * Steps forward again through the caller's own changes undone (conflict when another person changed those pages since): {object: "layout", action: "redo"}.
 */
export interface LayoutRedo {
transaction_id: string
object: "layout"
action: "redo"
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
export type LayoutRedo = LayoutRedoSchema.LayoutRedo;
