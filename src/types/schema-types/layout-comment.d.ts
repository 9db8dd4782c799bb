// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutCommentSchema {
/**
 * A comment as the channel's comment event and the thread list give it
 */
export interface LayoutComment {
id: number
layout_id: string
user_id: number
name: string
colour?: string
page_id: string
block_id: (string | null)
reply_to: (number | null)
text: string
resolved: boolean
created_at: string
}
}
export type LayoutComment = LayoutCommentSchema.LayoutComment;
