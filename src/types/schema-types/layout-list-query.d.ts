// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutListQuerySchema {
export interface LayoutListQuery {
/**
 * Only the layouts with this status; DELETED: the bin. Without it: every layout but the bin's.
 */
status?: ("OPEN" | "COMPLETED" | "INORDER" | "IN_WORK" | "DELETED")
/**
 * 1 or true: the books others share with the caller instead (each marked shared, with the caller's role); status is then ignored
 */
shared?: ("0" | "1" | "false" | "true")
}
}
export type LayoutListQuery = LayoutListQuerySchema.LayoutListQuery;
