// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace BlockClearSchema {
/**
 * Empties a PHOTO block (its photo) or a TEXT block (its text and style): {object: "block", action: "clear"}.
 */
export interface BlockClear {
transaction_id: string
object: "block"
action: "clear"
params: {
layout_id: string
/**
 * The block's id
 */
id: string
}
payload: {

}
}
}
export type BlockClear = BlockClearSchema.BlockClear;
