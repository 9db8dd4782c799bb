// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutMemberSchema {
/**
 * viewer: reads, sees who is there, comments; contributor: also adds their own photos to the book; editor: every editing change
 */
export type LayoutMemberRole = ("viewer" | "contributor" | "editor")

export interface LayoutMember {
user_id: number
role: LayoutMemberRole
}
}
export type LayoutMember = LayoutMemberSchema.LayoutMember;
