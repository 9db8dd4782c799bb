// An image block's pixels for a renderer: the source covering its rectangle at a given scale, cut to what shows.
import sharp, { type Sharp } from 'sharp';
import type { ImageItem } from './scene';

export interface PreparedImage {
  data: Buffer;
  format: 'jpeg' | 'png';
  /** Where the pixels go, in the scene's unit: the visible part of the image. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Pixels of the result. */
  pixelWidth: number;
  pixelHeight: number;
  /** Source pixels per scene unit where the image covers its rectangle: the most the source can give. */
  sourceScale: number;
}

export interface PrepareOptions {
  /** Pixels per scene unit, across and down (a raster canvas may round each side on its own). */
  scaleX: number;
  scaleY: number;
  /** Print never enlarges a source: below its own resolution the printer's RIP scales it, not us. */
  upscale: boolean;
  /** jpeg quality for opaque results. */
  quality: number;
}

/** The pixels of an image block, for a raster canvas: no encoding between the decoder and the compositor. */
export interface PreparedPixels extends Omit<PreparedImage, 'format'> {
  channels: 1 | 2 | 3 | 4;
}

type Placement = Omit<PreparedImage, 'data' | 'format'>;

/** The pipeline from the source to its visible part, and where that part goes; undefined when the source is empty. */
async function visiblePart(item: ImageItem, options: Omit<PrepareOptions, 'quality'>) {
  const oriented = sharp(item.source, { failOn: 'none' }).rotate();
  const { width = 0, height = 0, orientation = 1, hasAlpha = false, channels, space } = await oriented.metadata();
  if (!width || !height) return undefined;
  // EXIF orientations 5 to 8 turn the image a quarter: its sides swap.
  const [sourceWidth, sourceHeight] = orientation >= 5 ? [height, width] : [width, height];
  const { rect, clip } = item;
  const sourceScale = Math.min(sourceWidth / rect.width, sourceHeight / rect.height);
  const limit = options.upscale ? Infinity : sourceScale / Math.max(options.scaleX, options.scaleY);
  const factor = Math.min(1, limit);
  const scaleX = options.scaleX * factor;
  const scaleY = options.scaleY * factor;
  const coverWidth = Math.max(1, Math.round(rect.width * scaleX));
  const coverHeight = Math.max(1, Math.round(rect.height * scaleY));
  const left = Math.max(0, Math.min(coverWidth - 1, Math.round((clip.x - rect.x) * scaleX)));
  const top = Math.max(0, Math.min(coverHeight - 1, Math.round((clip.y - rect.y) * scaleY)));
  const pixelWidth = Math.max(1, Math.min(coverWidth - left, Math.round(clip.width * scaleX)));
  const pixelHeight = Math.max(1, Math.min(coverHeight - top, Math.round(clip.height * scaleY)));
  const pipeline = oriented.resize({ width: coverWidth, height: coverHeight, fit: 'cover' })
    .extract({ left, top, width: pixelWidth, height: pixelHeight });
  const placement: Placement = {
    pixelWidth, pixelHeight, sourceScale,
    left: rect.x + left / scaleX, top: rect.y + top / scaleY, width: pixelWidth / scaleX, height: pixelHeight / scaleY,
  };
  return { pipeline, hasAlpha, placement, rgb: channels === 3 && space === 'srgb' };
}

/** The source oriented by its EXIF tag, covering item.rect, cut to item.clip; undefined when nothing shows. */
export async function prepareImage(item: ImageItem, options: PrepareOptions): Promise<PreparedImage | undefined> {
  const part = await visiblePart(item, options);
  if (!part) return undefined;
  const data = part.hasAlpha ? await part.pipeline.png().toBuffer() : await part.pipeline.jpeg({ quality: options.quality }).toBuffer();
  return { data, format: part.hasAlpha ? 'png' : 'jpeg', ...part.placement };
}

/** As prepareImage, as raw pixels: what a raster canvas composites without another encoding and decoding. */
export async function preparePixels(item: ImageItem, options: Omit<PrepareOptions, 'quality'>): Promise<PreparedPixels | undefined> {
  const part = await visiblePart(item, options);
  return part && pixelsOf(part);
}

/**
 * The image block's pipeline, not yet run, when it covers a canvas of width x height exactly with opaque RGB pixels:
 * the canvas can then start from it (one decoding pipeline to the canvas's pixels, as a cover's background is);
 * otherwise its pixels as preparePixels gives them (undefined when the source is empty).
 */
export async function prepareCanvasOrPixels(item: ImageItem, options: Omit<PrepareOptions, 'quality'>, width: number, height: number):
Promise<{ canvas: Sharp } | { pixels: PreparedPixels | undefined }> {
  const part = await visiblePart(item, options);
  if (!part) return { pixels: undefined };
  const { placement } = part;
  const covers = part.rgb && !part.hasAlpha && placement.pixelWidth === width && placement.pixelHeight === height
    && Math.round(placement.left * options.scaleX) === 0 && Math.round(placement.top * options.scaleY) === 0;
  return covers ? { canvas: part.pipeline } : { pixels: await pixelsOf(part) };
}

async function pixelsOf(part: NonNullable<Awaited<ReturnType<typeof visiblePart>>>): Promise<PreparedPixels> {
  const { data, info } = await part.pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, channels: info.channels, ...part.placement };
}
