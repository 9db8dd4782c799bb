// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutInvitationCreateSchema {
/**
 * viewer: reads, sees who is there, comments; contributor: also adds their own photos to the book; editor: every editing change
 */
export type LayoutMemberRole = ("viewer" | "contributor" | "editor")

export interface LayoutInvitationCreate {
role: LayoutMemberRole
/**
 * Days the invitation opens the book (14 when absent)
 */
expires_in_days?: number
/**
 * How many accounts may accept it (any number up to the book's bound when absent)
 */
max_uses?: number
}
}
export type LayoutInvitationCreate = LayoutInvitationCreateSchema.LayoutInvitationCreate;
