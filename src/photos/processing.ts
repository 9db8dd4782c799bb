// A shopper's photo made ready for print (issue 30): the print master (EXIF orientation applied, sRGB, one JPEG
// encode), its size upright, its capture time as an instant with its offset, and a perceptual hash for near-duplicates.
import sharp from 'sharp';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export interface CaptureTime {
  instant: Date;
  /** Minutes east of UTC where the camera said (OffsetTimeOriginal); null when it did not say. */
  offsetMinutes: number | null;
  /** Where the time came from: the photo's EXIF, the file's own time sent with it, or the upload. */
  source: 'exif' | 'file' | 'upload';
}

export interface ProcessedPhoto {
  /** JPEG, sRGB, upright: what every picture of a book is drawn from. */
  master: Buffer;
  /** Pixel size after orientation. */
  width: number;
  height: number;
  /** The original's EXIF orientation, 1 to 8 (1 when it has none). */
  orientation: number;
  format: PhotoFormat;
  capturedAt: CaptureTime;
  /** 64 bits as 16 hex digits; near-duplicates differ in few bits (nearDuplicates). */
  perceptualHash: string;
}

export interface ProcessingOptions {
  /** Refused before decoding when width x height is larger. */
  maxPixels: number;
  /** The file's own modification time, when the client sent it. */
  fileTime?: Date;
  uploadTime: Date;
}

export class UnprocessablePhotoError extends Error {}

const MASTER_QUALITY = 92;
const HASH_SIDE = 8;
/** Hashes this close (bits that differ, of 64) are taken for the same picture. */
export const NEAR_DUPLICATE_BITS = 6;

/** Format and size from the header, before anything is decoded: a file past the pixel limit is never decoded. */
export async function inspectPhoto(original: Buffer, maxPixels: number): Promise<{ format: PhotoFormat; width: number; height: number }> {
  const metadata = await sharp(original, { limitInputPixels: false }).metadata().catch(() => undefined);
  const format = metadata?.format as PhotoFormat | undefined;
  if (!metadata || !format || !['jpeg', 'png', 'webp', 'heif'].includes(format) || !metadata.width || !metadata.height) {
    throw new UnprocessablePhotoError('Upload a JPEG, PNG, WebP or HEIC photo.');
  }
  if (metadata.width * metadata.height > maxPixels) {
    throw new UnprocessablePhotoError(`The photo is larger than ${maxPixels} pixels (${metadata.width}x${metadata.height}).`);
  }
  return { format, width: metadata.width, height: metadata.height };
}

/** A difference hash of the upright picture: each bit says whether a pixel is brighter than its right neighbour. */
async function differenceHash(master: Buffer): Promise<string> {
  const pixels = await sharp(master).greyscale().resize(HASH_SIDE + 1, HASH_SIDE, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let row = 0; row < HASH_SIDE; row += 1) {
    for (let column = 0; column < HASH_SIDE; column += 1) {
      const at = row * (HASH_SIDE + 1) + column;
      bits = (bits << 1n) | (pixels[at] > pixels[at + 1] ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

export function nearDuplicates(a: string, b: string): boolean {
  let difference = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count <= NEAR_DUPLICATE_BITS;
}

export async function processPhoto(original: Buffer, options: ProcessingOptions): Promise<ProcessedPhoto> {
  const { format } = await inspectPhoto(original, options.maxPixels);
  const metadata = await sharp(original).metadata();
  // rotate() applies the EXIF orientation; toColourspace converts from the embedded profile to sRGB.
  const { data: master, info } = await sharp(original, { limitInputPixels: options.maxPixels })
    .rotate().toColourspace('srgb').withIccProfile('srgb').jpeg({ quality: MASTER_QUALITY, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  const capturedAt: CaptureTime = options.fileTime
    ? { instant: options.fileTime, offsetMinutes: null, source: 'file' }
    : { instant: options.uploadTime, offsetMinutes: null, source: 'upload' };
  return {
    master, width: info.width, height: info.height, orientation: metadata.orientation ?? 1, format, capturedAt,
    perceptualHash: await differenceHash(master),
  };
}
