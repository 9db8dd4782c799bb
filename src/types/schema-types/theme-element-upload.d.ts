// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeElementUploadSchema {
/**
 * multipart/form-data fields of POST /api/theme/{theme_id}/up-element/ besides the file. type=cover makes an element of the given cover_type, type=bg a PAGE_BACKGROUND.
 */
export interface ThemeElementUpload {
/**
 * The image: JPEG, PNG or WebP, at most 25 MB and 100 megapixels (configurable).
 */
file?: string
type: ("cover" | "bg")
/**
 * Required when type is cover.
 */
cover_type?: ("FRONT_COVER_BACKGROUND" | "SPINE_BACKGROUND" | "BACK_COVER_BACKGROUND")
position: string
format: string
is_pattern: boolean
/**
 * Percent
 */
scale: number
image_type?: string
}
}
export type ThemeElementUpload = ThemeElementUploadSchema.ThemeElementUpload;
