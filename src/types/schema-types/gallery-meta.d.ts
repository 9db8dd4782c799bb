// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace GalleryMetaSchema {
export type IntegerIds = {
id: number
name: string
}[]
export type StringIds = {
id: string
name: string
}[]
/**
 * Names are sizes in cm: 15x15 ... 30x30.
 */
export type IntegerIds1 = {
id: number
name: string
}[]

export interface GalleryMeta {
theme_color: IntegerIds
product_type: IntegerIds
theme_cat: IntegerIds
theme_style: IntegerIds
fmt_orient: StringIds
template_cat: StringIds
theme_author: IntegerIds
fmt: IntegerIds1
}
}
export type GalleryMeta = GalleryMetaSchema.GalleryMeta;
