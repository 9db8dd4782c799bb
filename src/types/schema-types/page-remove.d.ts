// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PageRemoveSchema {
/**
 * Removes the spread of the page given: {object: "page", action: "remove"}.
 */
export interface PageRemove {
transaction_id: string
object: "page"
action: "remove"
params: {
layout_id: string
/**
 * A page of the spread to remove
 */
id: string
}
payload: {

}
}
}
export type PageRemove = PageRemoveSchema.PageRemove;
