// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderStatusErrorSchema {
/**
 * A move the order set's status does not allow: the current status and the allowed next ones.
 */
export interface OrderStatusError {
detail: string
status: string
allowed_statuses: string[]
}
}
export type OrderStatusError = OrderStatusErrorSchema.OrderStatusError;
