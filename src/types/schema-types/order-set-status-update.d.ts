// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderSetStatusUpdateSchema {
/**
 * An administrator's move of a paid order set (the allowed moves are in the README); SHIPPED needs the carrier's tracking number.
 */
export interface OrderSetStatusUpdate {
status: ("IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
tracking_number?: string
}
}
export type OrderSetStatusUpdate = OrderSetStatusUpdateSchema.OrderSetStatusUpdate;
