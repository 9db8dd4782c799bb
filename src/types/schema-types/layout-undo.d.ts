// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutUndoSchema {
/**
 * Steps back the caller's own newest change (each person has their own undo; conflict when another person changed it since): {object: "layout", action: "undo"}.
 */
export interface LayoutUndo {
transaction_id: string
object: "layout"
action: "undo"
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
export type LayoutUndo = LayoutUndoSchema.LayoutUndo;
