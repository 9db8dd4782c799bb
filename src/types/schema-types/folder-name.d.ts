// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace FolderNameSchema {
export interface FolderName {
/**
 * 1 to 20 characters, not only spaces
 */
name: string
}
}
export type FolderName = FolderNameSchema.FolderName;
