// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderCountUpdateSchema {
/**
 * The new number of copies of an order.
 */
export interface OrderCountUpdate {
count: number
}
}
export type OrderCountUpdate = OrderCountUpdateSchema.OrderCountUpdate;
