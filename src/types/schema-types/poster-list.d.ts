// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PosterListSchema {
/**
 * {object: "poster", action: "list"}: the front end asks for the user's posters. This shop sells no posters, so the list is always empty; params and payload are accepted and ignored.
 */
export interface PosterList {
/**
 * Echoed in the answer
 */
transaction_id?: string
object: "poster"
action: "list"
params?: {

}
payload?: {

}
}
}
export type PosterList = PosterListSchema.PosterList;
