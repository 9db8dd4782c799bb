// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoDeviceOffsetSchema {
/**
 * Sets the clock offset of one of the caller's devices: seconds added to its photos' capture times (negative: its clock ran ahead); null goes back to the GPS offset, if any.
 */
export interface PhotoDeviceOffset {
offset_seconds: (number | null)
}
}
export type PhotoDeviceOffset = PhotoDeviceOffsetSchema.PhotoDeviceOffset;
