// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryCreatedSchema {
/**
 * The payment link of the order set (its payment page at the payment provider).
 */
export interface DeliveryCreated {
link: string
}
}
export type DeliveryCreated = DeliveryCreatedSchema.DeliveryCreated;
