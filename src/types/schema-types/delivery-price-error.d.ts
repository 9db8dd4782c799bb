// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryPriceErrorSchema {
/**
 * The aggregator failed (down, slow, an unreadable answer or an error envelope); the cause is logged.
 */
export interface DeliveryPriceError {
/**
 * @minItems 1
 * @maxItems 1
 */
check_delivery_price: ["server_error", ...("server_error")[]]
}
}
export type DeliveryPriceError = DeliveryPriceErrorSchema.DeliveryPriceError;
