// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace BlockCropSchema {
/**
 * Moves and zooms the photo in a PHOTO block (and may turn or mirror it): {object: "block", action: "crop"}.
 */
export interface BlockCrop {
transaction_id: string
object: "block"
action: "crop"
params: {
layout_id: string
/**
 * The PHOTO block's id
 */
id: string
}
payload: {
/**
 * Fractions of the upright photo (0..1); clamped so that the photo covers the block
 */
crop: {
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
export type BlockCrop = BlockCropSchema.BlockCrop;
