// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryPointListSchema {
/**
 * The pickup points (PVZ) in a city.
 */
export type DeliveryPointList = {
id: number
name: string
address: string
city_id: number
delivery_company_id: number
}[]
}
export type DeliveryPointList = DeliveryPointListSchema.DeliveryPointList;
