// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PaymentNotificationResultSchema {
/**
 * What the notification changed: paid (the order set is now PAID), canceled (the payment was declined; the set stays CONFIRMED), unchanged (nothing to do, e.g. a duplicate), unknown (no such payment of this shop at the provider).
 */
export interface PaymentNotificationResult {
outcome: ("paid" | "canceled" | "unchanged" | "unknown")
}
}
export type PaymentNotificationResult = PaymentNotificationResultSchema.PaymentNotificationResult;
