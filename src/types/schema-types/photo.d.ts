// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoSchema {
/**
 * A photo of the caller's library. url and orig are null-free once uploaded: orig is the original as sent; url is the print master (upright, sRGB JPEG), null until processing is done.
 */
export interface Photo {
id: number
/**
 * The same as id (the front end reads either)
 */
photo_id: number
/**
 * The print master, null while processing or when processing failed
 */
url: (string | null)
/**
 * The original, as uploaded
 */
orig: string
/**
 * Pixel size after the EXIF orientation is applied (before processing: as the file's header says)
 */
size_orig: {
w: number
h: number
px_width: number
px_height: number
}
/**
 * When the photo was taken, in the camera's offset when known (else UTC); before processing, the upload's time
 */
date: string
/**
 * Where the photo came from: empty for an upload
 */
import_from: string
/**
 * The original's EXIF orientation (the master is already upright), null before processing
 */
orientation: (number | null)
status: ("processing" | "ready" | "failed")
/**
 * Why processing failed, for a failed photo
 */
failure_reason: (string | null)
/**
 * Photos of the library with one duplicate_group are near-duplicates: the id of the first photo this one was found close to when processed, its own id when none; null before processing
 */
duplicate_group: (number | null)
}
}
export type Photo = PhotoSchema.Photo;
