// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PageAddSchema {
/**
 * Adds a spread of two pages after the spread of the page given (after the cover: at the start), like that spread or with the scheme given: {object: "page", action: "add"}.
 */
export interface PageAdd {
transaction_id: string
object: "page"
action: "add"
params: {
layout_id: string
/**
 * The page after whose spread the new one goes
 */
id: string
}
payload: {
/**
 * The new pages' scheme (GET /api/ua/scheme/)
 */
scheme_id?: number
}
}
}
export type PageAdd = PageAddSchema.PageAdd;
