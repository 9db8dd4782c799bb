// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderSetDeliverySchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))
}
export type OrderSetDelivery = OrderSetDeliverySchema.OrderSetDelivery;
