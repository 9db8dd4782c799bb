// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PresenceSetSchema {
/**
 * {object: "presence", action: "set"}: where the sender is in the book (the spread they look at, the block they work on); every member connected to the book is told presence.
 */
export interface PresenceSet {
/**
 * Echoed in the answer
 */
transaction_id?: string
object: "presence"
action: "set"
params: {
layout_id: string
}
payload: {
/**
 * The page (spread) the sender is on
 */
page_id: (string | null)
/**
 * The block the sender works on
 */
block_id?: (string | null)
}
}
}
export type PresenceSet = PresenceSetSchema.PresenceSet;
