// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace FolderMoveManySchema {
/**
 * Photos of the folder in the path to move into another folder.
 */
export interface FolderMoveMany {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_id_list: [number, ...(number)[]]
new_folder_id: number
}
}
export type FolderMoveMany = FolderMoveManySchema.FolderMoveMany;
