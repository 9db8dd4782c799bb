// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace CommentAddSchema {
/**
 * {object: "comment", action: "add"}: a comment on a page or a block of a shared book, or a reply to a thread; any member. Told to everyone as comment.
 */
export interface CommentAdd {
/**
 * Makes a replay harmless: the same comment is answered again
 */
transaction_id: string
object: "comment"
action: "add"
params: {
layout_id: string
}
payload: {
page_id: string
block_id?: (string | null)
/**
 * Plain text, shown as text: no markup is ever interpreted
 */
text: string
/**
 * The id of the thread's first comment
 */
reply_to?: (number | null)
}
}
}
export type CommentAdd = CommentAddSchema.CommentAdd;
