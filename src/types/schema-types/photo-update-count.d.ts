// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoUpdateCountSchema {
/**
 * How many of the listed photos were hidden from the library (ids of photos the caller does not have are not counted).
 */
export interface PhotoUpdateCount {
update_count: number
}
}
export type PhotoUpdateCount = PhotoUpdateCountSchema.PhotoUpdateCount;
