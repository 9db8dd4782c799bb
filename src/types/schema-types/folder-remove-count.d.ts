// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace FolderRemoveCountSchema {
/**
 * How many of the photos the folder held (they stay in the library).
 */
export interface FolderRemoveCount {
remove_count: number
}
}
export type FolderRemoveCount = FolderRemoveCountSchema.FolderRemoveCount;
