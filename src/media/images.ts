// Image derivatives. Front ends append "_sm.jpg" and "_md.jpg" to an image's URL, so those files sit beside it.
import sharp from 'sharp';
import type { MediaStorage } from './storage';

export const DERIVATIVES = [
  { suffix: '_sm.jpg', longSide: 300 },
  { suffix: '_md.jpg', longSide: 1200 },
] as const;

export function derivedKeys(key: string): string[] {
  return DERIVATIVES.map((derivative) => key + derivative.suffix);
}

/** JPEG of the image scaled to fit longSide on its longer side (never enlarged). */
export function resizedJpeg(input: Buffer | string, longSide: number): Promise<Buffer> {
  return sharp(input)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer();
}

/** Stores the original under key and its derivatives beside it; returns every key written. */
export async function storeWithDerivatives(storage: MediaStorage, key: string, original: Buffer): Promise<string[]> {
  await storage.put(key, original);
  for (const derivative of DERIVATIVES) {
    await storage.put(key + derivative.suffix, await resizedJpeg(original, derivative.longSide));
  }
  return [key, ...derivedKeys(key)];
}
