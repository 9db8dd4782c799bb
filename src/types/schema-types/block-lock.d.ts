// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace BlockLockSchema {
/**
 * {object: "block", action: "lock" | "unlock"}: holds a block of a shared book for the sender (at most 10 s without renewal: send lock again), or lets it go. Owner and editors only.
 */
export interface BlockLock {
/**
 * Echoed in the answer
 */
transaction_id?: string
object: "block"
action: ("lock" | "unlock")
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
export type BlockLock = BlockLockSchema.BlockLock;
