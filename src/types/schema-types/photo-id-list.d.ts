// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoIdListSchema {
export interface PhotoIdList {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_id_list: [number, ...(number)[]]
}
}
export type PhotoIdList = PhotoIdListSchema.PhotoIdList;
