// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace SchemeSetSchema {
/**
 * Sets the scheme (page template) of a page: {object: "page", action: "set"}.
 */
export interface SchemeSet {
transaction_id: string
object: "page"
action: "set"
params: {
layout_id: string
/**
 * The page's id
 */
id: string
}
payload: {
/**
 * The scheme's id (GET /api/ua/scheme/)
 */
id: number
}
}
}
export type SchemeSet = SchemeSetSchema.SchemeSet;
