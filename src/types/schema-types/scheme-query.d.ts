// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace SchemeQuerySchema {
export interface SchemeQuery {
/**
 * Format id: only schemes with the format's proportions
 */
fmt: number
/**
 * Template categories (repeatable); all when absent
 * 
 * @maxItems 6
 */
template_cat?: ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")[]
}
}
export type SchemeQuery = SchemeQuerySchema.SchemeQuery;
