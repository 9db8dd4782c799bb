// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace FolderToCountSchema {
/**
 * How many of the photos the folder held, now in the new folder.
 */
export interface FolderToCount {
to_count: number
}
}
export type FolderToCount = FolderToCountSchema.FolderToCount;
