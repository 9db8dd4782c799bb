// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoDeviceListSchema {
/**
 * The caller's devices, oldest first.
 */
export type PhotoDeviceList = PhotoDevice[]

/**
 * A camera or phone the caller's photos came from (EXIF make, model and serial), with its clock offset: capture order and autofill's events use each photo's capture time plus its device's offset_seconds, else its gps_offset_seconds, else nothing.
 */
export interface PhotoDevice {
id: number
make: string
model: string
/**
 * Empty when the EXIF carries none
 */
serial: string
/**
 * Seconds added to this device's capture times, as the owner set it; null: not set
 */
offset_seconds: (number | null)
/**
 * The offset found from the GPS time its photos carry (the median of GPS time minus capture time, differences over two days left out); null when none carries it
 */
gps_offset_seconds: (number | null)
/**
 * What is applied: offset_seconds, else gps_offset_seconds, else 0
 */
effective_offset_seconds: number
/**
 * Photos of the library from this device
 */
photos: number
}
}
export type PhotoDeviceList = PhotoDeviceListSchema.PhotoDeviceList;
