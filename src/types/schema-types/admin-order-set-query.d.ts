// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace AdminOrderSetQuerySchema {
export interface AdminOrderSetQuery {
/**
 * Only sets in this status
 */
status?: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
}
}
export type AdminOrderSetQuery = AdminOrderSetQuerySchema.AdminOrderSetQuery;
