// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace CommentResolveSchema {
/**
 * {object: "comment", action: "resolve"}: marks a thread resolved; the owner and editors.
 */
export interface CommentResolve {
/**
 * Makes a replay harmless: the same comment is answered again
 */
transaction_id: string
object: "comment"
action: "resolve"
params: {
layout_id: string
}
payload: {
comment_id: number
}
}
}
export type CommentResolve = CommentResolveSchema.CommentResolve;
