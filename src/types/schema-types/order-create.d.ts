// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderCreateSchema {
/**
 * Puts one of the caller's layouts in the cart; the same layout again raises its count.
 */
export interface OrderCreate {
layout_id: string
count: number
}
}
export type OrderCreate = OrderCreateSchema.OrderCreate;
