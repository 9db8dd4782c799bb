// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutListQuerySchema {
export interface LayoutListQuery {
/**
 * Only the layouts with this status; DELETED: the bin. Without it: every layout but the bin's.
 */
status?: ("OPEN" | "COMPLETED" | "INORDER" | "IN_WORK" | "DELETED")
}
}
export type LayoutListQuery = LayoutListQuerySchema.LayoutListQuery;
