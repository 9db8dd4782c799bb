// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryOptionsSchema {
/**
 * DD.MM.YYYY, or "-" when there is none
 */
export type Date = string

/**
 * The aggregator form (the calculator's envelope): per type code (1 PVZ, 2 COURIER, 3 POCHTA) every company with its price in roubles and its dates. total_price = price_delivery + price_commission_declared; total_price is what check_delivery_price answers.
 */
export interface DeliveryOptions {
status: "ok"
message: string
data: {
/**
 * This interface was referenced by `undefined`'s JSON-Schema definition
 * via the `patternProperty` "^[123]$".
 */
[k: string]: {
type: (1 | 2 | 3)
type_name: string
delivery: {
/**
 * The company takes cash on delivery
 */
is_cash: boolean
/**
 * The commission on the declared value, roubles
 */
price_commission_declared: number
/**
 * That commission in percent of the declared value
 */
percent_commission_declared: number
pickup_company_id: number
/**
 * The delivery's price: price_delivery + price_commission_declared
 */
total_price: number
/**
 * The carriage alone
 */
price_delivery: number
delivery_company_name: string
delivery_company_abbr: string
delivery_company_id: number
delivery_date: Date
/**
 * DD.MM.YYYY, or "-" when there is none
 */
delivery_hold_date: string
delivery_days: number
/**
 * The company's extra services, as the aggregator describes them
 */
service: unknown[]
}[]
}
}
}
}
export type DeliveryOptions = DeliveryOptionsSchema.DeliveryOptions;
