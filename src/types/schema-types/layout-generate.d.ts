// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutGenerateSchema {
/**
 * Options the front end sends when a shopper makes a book from a product, accepted whatever their value. Kept with the layout and shown in "my products" when known: cover_type (HARD_COVER, SOFT_COVER), binding_type (glue, clip, spring), cover_lamination_types (glance, mat; one value, or a list read by its first known value); other values, paper_type and paper_density are ignored. The body may be absent.
 */
export interface LayoutGenerate {
binding_type?: unknown
cover_type?: unknown
cover_lamination_types?: unknown
paper_type?: unknown
paper_density?: unknown
}
}
export type LayoutGenerate = LayoutGenerateSchema.LayoutGenerate;
