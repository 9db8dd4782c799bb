// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoUploadSchema {
/**
 * multipart/form-data: one file in the field files (JPEG, PNG, WebP or HEIC).
 */
export interface PhotoUpload {
files?: string
}
}
export type PhotoUpload = PhotoUploadSchema.PhotoUpload;
