// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryCreateSchema {
/**
 * The delivery request of an OPEN order set: places the order at the aggregator (as a draft there unless is_confirm), confirms the set and starts the payment. price and delivery_sum, when sent, are checked against the server's. Declared value, sides and weight are accepted but the server uses its own (the cart's value and the packing rule). delivery_company is accepted and ignored. Unknown fields are ignored. On a CONFIRMED order set the body is not read (the pay action).
 */
export type DeliveryCreate = ({
[k: string]: unknown
} & {
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
delivery_point_id?: Id
delivery_company_id?: Id
pickup_company_id?: Id
/**
 * An id; a string of digits is taken too
 */
to_city_id?: (number | string)
to_street?: string
to_house?: string
to_flat?: string
to_postal_code?: string
declared_price?: number
dimension_side1?: number
dimension_side2?: number
dimension_side3?: number
weight?: number
/**
 * The number of parcels (the aggregator's places) the set ships in, 1 up to the number of books in the set (the sum of its orders' counts); more is 400. The product lines stay the whole cart's.
 */
item_count: number
fio_name: string
fio_surname: string
/**
 * The patronymic; "" for someone who has none
 */
fio_fathername: string
to_phone: Phone
to_add_phone?: Phone
to_email?: string
/**
 * The parcel's lines (spec 2.3), one per order of the cart in its order. The aggregator gets the cart's own lines ({name: the layout's name, price_declared: the unit price in whole roubles, count}); a line sent must agree with the cart's in those fields where it gives them, else 400. vendor_code, barcode, nds and other fields are ignored.
 * 
 * @maxItems 1000
 */
products?: {
name?: Text
vendor_code?: string
barcode?: string
/**
 * VAT in percent
 */
nds?: (0 | 10 | 18)
/**
 * Declared price, whole roubles
 */
price_declared?: number
count?: number
}[]
/**
 * @maxItems 20
 */
services?: (number | string)[]
comment?: string
company_info?: ({

} | string | null)
/**
 * The goods' total declared price in roubles (the order set's total_cost); checked against the server's when sent
 */
price?: number
/**
 * The delivery's cost in roubles, as check_delivery_price quoted it; checked against the server's when sent
 */
delivery_sum?: number
npp_option: boolean
/**
 * The aggregator's flag: false places the order there as a draft, confirmed once the order set is paid; true places it confirmed
 */
is_confirm: boolean
/**
 * Sent by the pay action; accepted and ignored
 */
delivery_company?: {

}
})
/**
 * An id; a string of digits is taken too
 */
export type Id = (number | string)
/**
 * A Russian number: XXXXXXXXXX (10 digits), +7XXXXXXXXXX or 8XXXXXXXXXX; stored and sent as +7XXXXXXXXXX
 */
export type Phone = string
export type Text = string
}
export type DeliveryCreate = DeliveryCreateSchema.DeliveryCreate;
