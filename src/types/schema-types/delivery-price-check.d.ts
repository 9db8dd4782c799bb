// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryPriceCheckSchema {
/**
 * A delivery choice to price for the order set's parcel. to_city_id and delivery_company_id are required for every type but PICKUP.
 */
export interface DeliveryPriceCheck {
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
/**
 * An id; a string of digits is taken too
 */
to_city_id?: (number | string)
/**
 * An id; a string of digits is taken too
 */
delivery_company_id?: (number | string)
}
}
export type DeliveryPriceCheck = DeliveryPriceCheckSchema.DeliveryPriceCheck;
