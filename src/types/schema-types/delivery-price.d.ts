// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryPriceSchema {
export interface DeliveryPrice {
/**
 * Roubles
 */
price: number
}
}
export type DeliveryPrice = DeliveryPriceSchema.DeliveryPrice;
