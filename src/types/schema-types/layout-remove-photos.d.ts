// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutRemovePhotosSchema {
/**
 * Takes photos off the book's photo list, and out of the blocks holding them: {object: "layout", action: "remove_photos"}.
 */
export interface LayoutRemovePhotos {
transaction_id: string
object: "layout"
action: "remove_photos"
params: {
layout_id: string
/**
 * The layout's id again (optional)
 */
id?: string
}
payload: {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_ids: [number, ...(number)[]]
}
}
}
export type LayoutRemovePhotos = LayoutRemovePhotosSchema.LayoutRemovePhotos;
