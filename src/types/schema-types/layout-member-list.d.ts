// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutMemberListSchema {
/**
 * The owner first (role owner), then the members in the order they joined
 */
export type LayoutMemberList = {
user_id: number
name: string
role: ("owner" | "viewer" | "contributor" | "editor")
/**
 * The person's colour on every screen of the book (CSS)
 */
colour: string
joined_at?: string
}[]
}
export type LayoutMemberList = LayoutMemberListSchema.LayoutMemberList;
