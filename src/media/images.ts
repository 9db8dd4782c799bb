// Image derivatives. Front ends append "_sm.jpg" and "_md.jpg" to an image's URL, so those files sit beside it.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { refuseImage } from './image-check';
import type { MediaStorage } from './storage';
import { storedOriginal } from './stored-original';

export const DERIVATIVES = [
  { suffix: '_sm.jpg', longSide: 300 },
  { suffix: '_md.jpg', longSide: 1200 },
] as const;

const LARGEST_DERIVATIVE = Math.max(...DERIVATIVES.map((derivative) => derivative.longSide));

export function derivedKeys(key: string): string[] {
  return DERIVATIVES.map((derivative) => key + derivative.suffix);
}

const fitting = (longSide: number) => ({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * The derivatives' JPEGs, in DERIVATIVES order. The image is decoded once, straight to the largest derivative's
 * size where the format allows (JPEG and WebP decode at a fraction of their size), upright and on white; the
 * smaller ones are scaled from those pixels. Decoding reads the whole image, so it also finds truncated files.
 */
export async function renderDerivatives(original: Buffer, maxPixels: number | false = false): Promise<Buffer[]> {
  const { data, info } = await sharp(original, { limitInputPixels: maxPixels, failOn: 'truncated' })
    .rotate()
    .resize(fitting(LARGEST_DERIVATIVE))
    .flatten({ background: '#ffffff' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    // Writing to a buffer cannot fail for the server's reasons: a failure here is an image that does not decode.
    .catch(refuseImage);
  // A new instance per derivative over the same pixels: sharp's clone() would copy them (structuredClone of its input).
  return Promise.all(DERIVATIVES.map((derivative) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(fitting(derivative.longSide)).jpeg({ quality: 82 }).toBuffer()));
}

/**
 * Stores the original (without its metadata, see storedOriginal) (a buffer, or a file on disk) under key and its
 * derivatives beside it; returns every key written. A damaged image throws InvalidImageError before anything is
 * written; when writing fails, what was written is deleted again before the error is thrown.
 */
export async function storeWithDerivatives(
  storage: MediaStorage, key: string, original: Buffer | string, maxPixels: number | false = false,
): Promise<string[]> {
  // Read whole (at most UPLOAD_MAX_BYTES, IMAGE_CONCURRENCY at a time): both the container rewrite and the decoder need it.
  const image = typeof original === 'string' ? await readFile(original) : original;
  const [stored, derived] = await Promise.all([storedOriginal(image, maxPixels), renderDerivatives(image, maxPixels)]);
  return writeWithDerivatives(storage, key, [stored, ...derived]);
}

/** Raw pixels an image was rendered to (a product's preview). */
export interface RenderedPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/**
 * Stores rendered pixels as a JPEG under key and its derivatives beside it, each encoded once from the pixels (no
 * decoding of the stored file): a derivative as large as the image is the image's own bytes. Returns every key written.
 */
export async function storeRenderedWithDerivatives(storage: MediaStorage, key: string, pixels: RenderedPixels, quality = 82): Promise<string[]> {
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
  const longSide = Math.max(pixels.width, pixels.height);
  const [image, ...smaller] = await Promise.all([
    sharp(pixels.data, raw).jpeg({ quality }).toBuffer(),
    ...DERIVATIVES.map((derivative) => (longSide <= derivative.longSide
      ? undefined
      : sharp(pixels.data, raw).resize(fitting(derivative.longSide)).jpeg({ quality }).toBuffer())),
  ]);
  return writeWithDerivatives(storage, key, [image!, ...smaller.map((derived) => derived ?? image!)]);
}

/** Writes the image and its derivatives (in DERIVATIVES order); when one fails, what was written is deleted again. */
async function writeWithDerivatives(storage: MediaStorage, key: string, contents: Buffer[]): Promise<string[]> {
  const keys = [key, ...derivedKeys(key)];
  const written: string[] = [];
  try {
    for (const [index, content] of contents.entries()) {
      written.push(keys[index]);
      await storage.put(keys[index], content);
    }
    return keys;
  } catch (error) {
    await Promise.all(written.map((done) => storage.delete(done).catch(() => undefined)));
    throw error;
  }
}
