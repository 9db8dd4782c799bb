// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace FolderListSchema {
/**
 * The caller's folders, oldest first (the front end shows them reversed).
 */
export type FolderList = Folder[]

/**
 * A folder of the caller's photos.
 */
export interface Folder {
id: number
name: string
}
}
export type FolderList = FolderListSchema.FolderList;
