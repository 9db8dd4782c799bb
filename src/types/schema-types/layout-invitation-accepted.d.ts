// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutInvitationAcceptedSchema {
export interface LayoutInvitationAccepted {
layout_id: string
role: ("owner" | "viewer" | "contributor" | "editor")
}
}
export type LayoutInvitationAccepted = LayoutInvitationAcceptedSchema.LayoutInvitationAccepted;
