// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace FolderSchema {
/**
 * A folder of the caller's photos.
 */
export interface Folder {
id: number
name: string
}
}
export type Folder = FolderSchema.Folder;
