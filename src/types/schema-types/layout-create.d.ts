// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutCreateSchema {
export interface LayoutCreate {
/**
 * The catalog product whose layout is copied
 */
product_id: number
}
}
export type LayoutCreate = LayoutCreateSchema.LayoutCreate;
