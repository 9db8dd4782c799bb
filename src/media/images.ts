// Image derivatives. Front ends append "_sm.jpg" and "_md.jpg" to an image's URL, so those files sit beside it.
import sharp from 'sharp';
import { InvalidImageError, NOT_AN_IMAGE } from './image-check';
import type { MediaStorage } from './storage';

export const DERIVATIVES = [
  { suffix: '_sm.jpg', longSide: 300 },
  { suffix: '_md.jpg', longSide: 1200 },
] as const;

export function derivedKeys(key: string): string[] {
  return DERIVATIVES.map((derivative) => key + derivative.suffix);
}

/** JPEG of the image scaled to fit longSide on its longer side (never enlarged). A damaged image throws. */
export function resizedJpeg(input: Buffer | string, longSide: number, maxPixels: number | false = false): Promise<Buffer> {
  return sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' })
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The derivatives' JPEGs, in DERIVATIVES order. Decoding the whole image here also finds truncated files. */
export function renderDerivatives(original: Buffer | string, maxPixels: number | false = false): Promise<Buffer[]> {
  return Promise.all(DERIVATIVES.map((derivative) => resizedJpeg(original, derivative.longSide, maxPixels))).catch(() => {
    // Writing to a buffer cannot fail for the server's reasons: a failure here is an image that does not decode.
    throw new InvalidImageError(NOT_AN_IMAGE);
  });
}

/**
 * The original as it is served: its orientation applied to the pixels and no metadata at all (EXIF with GPS
 * positions and camera serials, XMP, IPTC, comments), because stored originals are public. sharp writes no
 * metadata unless asked to; the format stays the upload's, at a quality that keeps the picture as it was.
 */
export async function strippedOriginal(original: Buffer | string, maxPixels: number | false = false): Promise<Buffer> {
  const image = sharp(original, { limitInputPixels: maxPixels, failOn: 'truncated' });
  const { format } = await image.metadata();
  const oriented = image.rotate();
  if (format === 'png') return oriented.png().toBuffer();
  if (format === 'webp') return oriented.webp({ quality: 95 }).toBuffer();
  return oriented.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
}

/**
 * Stores the original (without its metadata, see strippedOriginal) (a buffer, or a file streamed from disk) under key and its derivatives beside it; returns
 * every key written. A damaged image throws InvalidImageError before anything is written; when writing fails,
 * what was written is deleted again before the error is thrown.
 */
export async function storeWithDerivatives(
  storage: MediaStorage, key: string, original: Buffer | string, maxPixels: number | false = false,
): Promise<string[]> {
  const derived = await renderDerivatives(original, maxPixels);
  const keys = [key, ...derivedKeys(key)];
  const contents = [await strippedOriginal(original, maxPixels), ...derived];
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
