// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoCopyManySchema {
/**
 * Photos to put into a folder (they stay in the library and in their other folders).
 */
export interface PhotoCopyMany {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_id_list: [number, ...(number)[]]
folder_id: number
}
}
export type PhotoCopyMany = PhotoCopyManySchema.PhotoCopyMany;
