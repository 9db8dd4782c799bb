// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryErrorSchema {
/**
 * A delivery or payment failure: error is the HTTP status (409 a conflict, with the current price (the goods) and delivery_sum (the delivery) when the client's figures are stale; 423 a confirm in progress, with Retry-After; 500 the aggregator refused or the payment provider failed; 503 the aggregator did not answer whether it placed the order, with Retry-After: a retry then adopts that order).
 */
export interface DeliveryError {
error: number
detail: string
price?: number
delivery_sum?: number
}
}
export type DeliveryError = DeliveryErrorSchema.DeliveryError;
