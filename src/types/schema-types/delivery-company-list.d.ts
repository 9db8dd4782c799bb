// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryCompanyListSchema {
export type DeliveryCompanyList = {
id: number
name: string
}[]
}
export type DeliveryCompanyList = DeliveryCompanyListSchema.DeliveryCompanyList;
