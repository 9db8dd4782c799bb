// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PageMoveSchema {
/**
 * Moves the spread of the page given after the spread of another page (after the cover: to the start): {object: "page", action: "move"}.
 */
export interface PageMove {
transaction_id: string
object: "page"
action: "move"
params: {
layout_id: string
/**
 * A page of the spread to move
 */
id: string
}
payload: {
/**
 * A page of the spread to move after, or the cover
 */
after: string
}
}
}
export type PageMove = PageMoveSchema.PageMove;
