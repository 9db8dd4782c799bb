// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace SchemeListSchema {
export type SchemeList = {
id: number
width: number
height: number
template_cat: string
/**
 * Where photos and texts go, in percent of the page, in the order contents fill them
 */
slots: {
type: ("PHOTO" | "TEXT")
x: number
y: number
width: number
height: number
}[]
}[]
}
export type SchemeList = SchemeListSchema.SchemeList;
