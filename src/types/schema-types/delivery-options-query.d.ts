// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryOptionsQuerySchema {
export interface DeliveryOptionsQuery {
to_city_id: number
}
}
export type DeliveryOptionsQuery = DeliveryOptionsQuerySchema.DeliveryOptionsQuery;
