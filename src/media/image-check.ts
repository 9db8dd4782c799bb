// Decides whether an upload is an image the shop accepts: JPEG, PNG or WebP (no SVG: it can carry scripts),
// within the pixel limit. The limit is checked from the header, before anything is decoded.
import sharp from 'sharp';

export const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export class InvalidImageError extends Error {}

export interface ImageFacts {
  format: keyof typeof ACCEPTED_FORMATS;
  extension: string;
  width: number;
  height: number;
}

export const NOT_AN_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

export const refuseImage = (): never => {
  throw new InvalidImageError(NOT_AN_IMAGE);
};

export async function inspectImage(file: string, maxPixels: number): Promise<ImageFacts> {
  const metadata = await sharp(file, { limitInputPixels: false }).metadata().catch(() => undefined);
  const extension = metadata?.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
  if (!metadata || !extension || !metadata.width || !metadata.height) throw new InvalidImageError(NOT_AN_IMAGE);
  if (metadata.width * metadata.height > maxPixels) {
    throw new InvalidImageError(`Image is larger than ${maxPixels} pixels (${metadata.width}x${metadata.height}).`);
  }
  // The stored original has its orientation applied (see storedOriginal), so these are its dimensions upright.
  const { width, height } = metadata.autoOrient ?? metadata;
  return { format: metadata.format as ImageFacts['format'], extension, width, height };
}
