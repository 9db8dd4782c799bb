// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoListQuerySchema {
export interface PhotoListQuery {
/**
 * Photos per page; over 100 is served as 100
 */
page_size: number
/**
 * Photos uploaded before this photo (what next carries)
 */
before?: number
}
}
export type PhotoListQuery = PhotoListQuerySchema.PhotoListQuery;
