// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoUploadedSchema {
/**
 * The uploaded photo's id; processing continues in the background (the photo's status says when it is done).
 */
export interface PhotoUploaded {
photo_id: number
}
}
export type PhotoUploaded = PhotoUploadedSchema.PhotoUploaded;
