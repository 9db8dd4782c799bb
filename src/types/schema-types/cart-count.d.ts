// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace CartCountSchema {
/**
 * How many orders (layouts) the cart holds.
 */
export interface CartCount {
count: number
}
}
export type CartCount = CartCountSchema.CartCount;
