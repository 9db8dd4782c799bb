// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutAddPhotosSchema {
/**
 * Adds the owner's photos to the book's photo list: {object: "layout", action: "add_photos"}.
 */
export interface LayoutAddPhotos {
transaction_id: string
object: "layout"
action: "add_photos"
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
export type LayoutAddPhotos = LayoutAddPhotosSchema.LayoutAddPhotos;
