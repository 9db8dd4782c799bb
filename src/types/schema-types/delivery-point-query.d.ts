// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryPointQuerySchema {
export interface DeliveryPointQuery {
city_id: number
}
}
export type DeliveryPointQuery = DeliveryPointQuerySchema.DeliveryPointQuery;
