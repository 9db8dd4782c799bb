// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutCloneSchema {
export interface LayoutClone {
/**
 * Not blank; no control characters
 */
name: string
}
}
export type LayoutClone = LayoutCloneSchema.LayoutClone;
