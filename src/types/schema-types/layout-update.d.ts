// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutUpdateSchema {
export interface LayoutUpdate {
/**
 * Not blank; no control characters
 */
name?: string
/**
 * true moves the layout to the bin, false restores it
 */
deleted?: boolean
}
}
export type LayoutUpdate = LayoutUpdateSchema.LayoutUpdate;
