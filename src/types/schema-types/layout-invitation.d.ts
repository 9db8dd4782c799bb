// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutInvitationSchema {
/**
 * viewer: reads, sees who is there, comments; contributor: also adds their own photos to the book; editor: every editing change
 */
export type LayoutMemberRole = ("viewer" | "contributor" | "editor")

export interface LayoutInvitation {
id: string
role: LayoutMemberRole
/**
 * Only in the answer that created it: the service keeps its hash alone
 */
token?: string
/**
 * The editor's link that accepts it; only in the answer that created it
 */
url?: string
expires_at: string
max_uses: (number | null)
uses: number
}
}
export type LayoutInvitation = LayoutInvitationSchema.LayoutInvitation;
