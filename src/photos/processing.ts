// A shopper's photo made ready for print (issue 30): the print master (EXIF orientation applied, sRGB, one JPEG
// encode), its size upright, its capture time as an instant with its offset, a perceptual hash for near-duplicates and
// its focus point.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { jpegScanCount, MAX_JPEG_SCANS } from '../media/jpeg-segments';
import type { FocusPoint } from '../shared/photo-placement';
import { type CaptureTime, captureTime } from './analysis/photo-capture-time';
import { attentionFocus } from './photo-focus';
import { differenceHash } from './analysis/photo-hash';
import { decodeHeic, HeicTooLargeError } from './photo-heif';
import { isHeif, readHeifContainer } from './photo-heif-container';
import { pictureCopyOf, type SmallCopy, smallCopyFrom } from './analysis/small-copy';

export type { CaptureTime } from './analysis/photo-capture-time';
export { NEAR_DUPLICATE_BITS, hashDistance, nearDuplicates } from './analysis/photo-hash';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heif';

export interface ProcessedPhoto {
  /** JPEG, sRGB, upright: what every picture of a book is drawn from. */
  master: Buffer;
  /** Pixel size after orientation. */
  width: number;
  height: number;
  /** The original's EXIF orientation, 1 to 8 (1 when it has none); for HEIF, its irot/imir as that number. */
  orientation: number;
  format: PhotoFormat;
  capturedAt: CaptureTime;
  /** 64 bits as 16 hex digits; near-duplicates differ in few bits (nearDuplicates). */
  perceptualHash: string;
  /** The centre of the master's most interesting region, in fractions of its width and height. */
  focus: FocusPoint;
  /** The master's pixels at 500 on the longer side, RGB: what the analysis reads (small-copy.ts). */
  picture: SmallCopy;
}

export interface ProcessingOptions {
  /** Refused before decoding when width x height is larger. */
  maxPixels: number;
  /** The file's own modification time, when the client sent it. */
  fileTime?: Date;
  uploadTime: Date;
  /** The owner's quarter turns clockwise, applied after the orientation (0 when none). */
  rotation?: number;
}

export class UnprocessablePhotoError extends Error {}

export interface InspectedPhoto {
  format: PhotoFormat;
  /** Stored size as the header declares it (for HEIF, as shown). */
  width: number;
  height: number;
  /** The EXIF orientation, 1 to 8 (for HEIF, its irot/imir as that number). */
  orientation: number;
  /** HEVC-coded HEIF (an iPhone's HEIC), which sharp's libvips cannot decode: libheif does, in a worker. */
  needsHeicDecoder: boolean;
}

const MASTER_QUALITY = 92;
const FORMATS: readonly string[] = ['jpeg', 'png', 'webp', 'heif'];
/** A master is flattened on white: a print has no transparency. */
const PAPER = '#ffffff';

/** libvips's header read, or undefined when it cannot read one (an empty file throws at once, not rejects). */
async function headerOf(original: Buffer): Promise<Metadata | undefined> {
  try {
    return await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/**
 * Format, size and scan count from the header, before anything is decoded: a file past the pixel limit, or a JPEG
 * with more scans than any encoder writes, is never decoded.
 */
export async function inspectPhoto(original: Buffer, maxPixels: number): Promise<InspectedPhoto> {
  const metadata = await headerOf(original);
  // libvips may refuse a HEVC file's header outright; its boxes say the size all the same.
  const heic = isHeif(original);
  const container = heic ? readHeifContainer(original) : undefined;
  const format = (heic ? 'heif' : metadata?.format) as PhotoFormat | undefined;
  const width = container?.width ?? metadata?.width;
  const height = container?.height ?? metadata?.height;
  if (!format || !FORMATS.includes(format) || !width || !height) {
    throw new UnprocessablePhotoError('Upload a JPEG, PNG, WebP or HEIC photo.');
  }
  if (width * height > maxPixels) {
    throw new UnprocessablePhotoError(`The photo is larger than ${maxPixels} pixels (${width}x${height}).`);
  }
  if (format === 'jpeg' && jpegScanCount(original, MAX_JPEG_SCANS) > MAX_JPEG_SCANS) {
    throw new UnprocessablePhotoError(`A JPEG photo has at most ${MAX_JPEG_SCANS} progressive scans; this one has more.`);
  }
  const orientation = (heic ? container?.orientation : metadata?.orientation) ?? 1;
  return { format, width, height, orientation, needsHeicDecoder: heic };
}

/** The master's pipeline from the decoded original, and what to release once it has run (a HEIC's decoded file). */
async function decodable(original: Buffer, inspected: InspectedPhoto, maxPixels: number): Promise<{ image: Sharp; release(): Promise<void> }> {
  if (inspected.needsHeicDecoder) {
    const heif = await decodeHeic(original, maxPixels).catch((error: Error) => {
      if (error instanceof HeicTooLargeError) throw new UnprocessablePhotoError(error.message);
      throw new UnprocessablePhotoError(`This HEIC photo cannot be decoded (${error.message}).`);
    });
    // libheif has turned the pixels upright already; the EXIF orientation a HEIC may also carry is informative only.
    return { image: sharp(heif.png, { limitInputPixels: maxPixels }), release: heif.release };
  }
  return { image: sharp(original, { limitInputPixels: maxPixels }).autoOrient(), release: async () => {} };
}

/** The print master: one JPEG encode from the decoded original, turned by the owner's rotation on the way. */
async function masterOf(original: Buffer, inspected: InspectedPhoto, options: ProcessingOptions) {
  const decoded = await decodable(original, inspected, options.maxPixels);
  // Turned in the same pipeline as the orientation: the master stays one encode from the original.
  const input = options.rotation ? decoded.image.rotate(options.rotation) : decoded.image;
  // withIccProfile converts from the embedded profile (sRGB when none) to sRGB and attaches sRGB: the one JPEG encode.
  return input.flatten({ background: PAPER }).toColourspace('srgb').withIccProfile('srgb')
    .jpeg({ quality: MASTER_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true })
    .catch((error: Error) => {
      throw new UnprocessablePhotoError(`This photo cannot be decoded (${error.message}).`);
    })
    .finally(decoded.release);
}

export async function processPhoto(original: Buffer, options: ProcessingOptions): Promise<ProcessedPhoto> {
  const inspected = await inspectPhoto(original, options.maxPixels);
  const { data: master, info } = await masterOf(original, inspected, options);
  const picture = await pictureCopyOf(master);
  const copy = await smallCopyFrom(picture);
  return {
    master, width: info.width, height: info.height, orientation: inspected.orientation, format: inspected.format,
    capturedAt: await captureTime(original, options.fileTime, options.uploadTime),
    perceptualHash: await differenceHash(copy), focus: await attentionFocus(copy), picture,
  };
}
