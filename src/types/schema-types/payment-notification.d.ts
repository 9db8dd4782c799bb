// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PaymentNotificationSchema {
/**
 * A provider's notification (YooKassa's shape). Only object.id is used: the payment is read back from the provider before anything changes.
 */
export interface PaymentNotification {
type: "notification"
event: string
object: {
/**
 * The provider's payment id: UUID-like, 8-4-4-4-12 hex digits (YooKassa's form); anything else is 400 before any call
 */
id: string
}
}
}
export type PaymentNotification = PaymentNotificationSchema.PaymentNotification;
