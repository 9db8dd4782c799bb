// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace BlockSetSchema {
/**
 * Puts a photo of the book's list (layout/add_photos) in a PHOTO block: {object: "block", action: "set"}. Without crop the photo covers the block centred on its most interesting region.
 */
export interface BlockSet {
transaction_id: string
object: "block"
action: "set"
params: {
layout_id: string
/**
 * The PHOTO block's id
 */
id: string
}
payload: {
photo_id: number
/**
 * Fractions of the upright photo (0..1); clamped so that the photo covers the block
 */
crop?: {
x: number
y: number
width: number
height: number
}
/**
 * Clockwise quarter turns of the placed photo
 */
rotation?: (0 | 90 | 180 | 270)
/**
 * Mirrored left to right
 */
mirror?: boolean
}
}
}
export type BlockSet = BlockSetSchema.BlockSet;
