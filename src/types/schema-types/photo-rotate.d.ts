// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoRotateSchema {
/**
 * Turns a photo of the caller's library clockwise by angle degrees (negative: anticlockwise), a multiple of 90.
 */
export interface PhotoRotate {
photo_id: number
/**
 * The folder the front end shows the photo in; not needed to find it.
 */
folderId?: (number | null)
angle: number
}
}
export type PhotoRotate = PhotoRotateSchema.PhotoRotate;
