// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace OrderDeletedSchema {
/**
 * What is left in the order set after a deletion: its parcel.
 */
export interface OrderDeleted {
delivery_box_size: DeliveryBoxSize
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
}
export type OrderDeleted = OrderDeletedSchema.OrderDeleted;
