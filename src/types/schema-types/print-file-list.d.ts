// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PrintFileListSchema {
export interface PrintFileList {
order_set: number
/**
 * The order set's status
 */
status: string
/**
 * Two files per ordered layout once the set is paid and its print job has run: the interior and the cover spread
 */
files: {
id: number
layout: string
part: ("interior" | "cover")
page_count: number
/**
 * Bytes
 */
size: number
/**
 * A page of the file, 3 mm bleed on every side included
 */
width_mm: number
height_mm: number
/**
 * The cover's spine; null for the interior
 */
spine_mm: (number | null)
/**
 * Photos below 150 dpi, images that could not be read
 */
warnings: string[]
rendered: string
/**
 * Signed: downloads the PDF without a token until download_expires
 */
download_url: string
download_expires: string
}[]
}
}
export type PrintFileList = PrintFileListSchema.PrintFileList;
