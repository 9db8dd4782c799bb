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
 * Photos of the library with one duplicate_group are near-duplicates (structure and colour both close): the id of the first photo this one was found close to when processed, its own id when none; null before processing
 */
duplicate_group: (number | null)
/**
 * What the editor may show on the photo: duplicate (a near-duplicate of an earlier photo), blurred, eyes_closed (a main face's eyes), badly_exposed; empty when none or not analysed. Bursts are judged per book by autofill (its reasons)
 */
flags: ("duplicate" | "blurred" | "eyes_closed" | "badly_exposed")[]
/**
 * What processing saw in the photo; null before processing (and for a photo processed before analysis existed)
 */
analysis: ({
/**
 * Faces found, in fractions of the (upright) master; no face is recognised or compared across photos
 */
faces: {
box: {
x: number
y: number
width: number
height: number
}
/**
 * The detector's confidence
 */
score: number
/**
 * 0 closed to 1 open, from the eye landmarks
 */
eyes_open: number
}[]
/**
 * 0 blurred to 1 sharp
 */
sharpness: number
/**
 * 0 badly to 1 well exposed
 */
exposure: number
/**
 * The lowest eyes-open score of its main faces; null without faces
 */
eyes_open: (number | null)
/**
 * The camera it came from (GET /photos/api/devices/); null when its EXIF names none
 */
device_id: (number | null)
} | null)
}
}
export type Photo = PhotoSchema.Photo;
