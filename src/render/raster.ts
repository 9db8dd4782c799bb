// A scene as a JPEG (or raw pixels) of a given pixel size: images and photos composited by sharp as pixels, fills and
// text (the font's glyph outlines) through one SVG per run of them.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { textPaths } from './glyph-paths';
import { type PreparedPixels, prepareCanvasOrPixels, preparePixels } from './images';
import { preparePlacedPhoto } from './placed-photo';
import type { Scene, SceneItem } from './scene';

type VectorItem = Exclude<SceneItem, { kind: 'image' | 'photo' }>;

function vectorSvg(item: VectorItem, sx: number, sy: number): string {
  if (item.kind === 'text') return textPaths(item, sx, sy);
  const x = item.rect.x * sx;
  const y = item.rect.y * sy;
  const width = item.rect.width * sx;
  const height = item.rect.height * sy;
  if (item.kind === 'fill') return `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${item.color}" fill-opacity="${item.opacity}"/>`;
  // A stylised landscape: a sun over two hills, in a pale frame.
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#f4f1ec" stroke="#ffffff" stroke-width="${width / 0.7 * 0.012}"/>
  <circle cx="${x + width * 0.72}" cy="${y + height * 0.3}" r="${height * 0.09}" fill="#e3b55b"/>
  <path d="M${x} ${y + height} L${x + width * 0.38} ${y + height * 0.45} L${x + width * 0.62} ${y + height * 0.78} L${x + width * 0.78} ${y + height * 0.6} L${x + width} ${y + height} Z" fill="#9fb3a6"/>`;
}

/** An image block's pixels as an overlay: only what lies on the canvas (sharp refuses an overlay that sticks out). */
async function imageLayer(image: Pick<PreparedPixels, 'data' | 'left' | 'top' | 'pixelWidth' | 'pixelHeight' | 'channels'>, sx: number, sy: number, width: number, height: number): Promise<OverlayOptions | undefined> {
  const left = Math.round(image.left * sx);
  const top = Math.round(image.top * sy);
  const raw = { width: image.pixelWidth, height: image.pixelHeight, channels: image.channels };
  if (left >= 0 && top >= 0 && left + image.pixelWidth <= width && top + image.pixelHeight <= height) {
    return { input: image.data, raw, left, top };
  }
  const visible = { width: Math.min(image.pixelWidth, width - left) - Math.max(0, -left), height: Math.min(image.pixelHeight, height - top) - Math.max(0, -top) };
  if (visible.width <= 0 || visible.height <= 0) return undefined;
  const data = await sharp(image.data, { raw }).extract({ left: Math.max(0, -left), top: Math.max(0, -top), ...visible }).raw().toBuffer();
  return { input: data, raw: { ...visible, channels: image.channels }, left: Math.max(0, left), top: Math.max(0, top) };
}

/**
 * The scene at width x height pixels (stretched to them: callers keep the scene's proportions), flattened on white:
 * images are decoded once and composited as pixels, fills and text through one SVG per run of them.
 */
async function compositeScene(scene: Scene, width: number, height: number): Promise<Sharp> {
  const sx = width / scene.width;
  const sy = height / scene.height;
  const layers: OverlayOptions[] = [];
  let vectors: string[] = [];
  const flushVectors = () => {
    if (vectors.length === 0) return;
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">\n  ${vectors.join('\n  ')}\n</svg>`), left: 0, top: 0 });
    vectors = [];
  };
  let canvas: Sharp | undefined;
  for (const [index, item] of scene.items.entries()) {
    if (item.kind === 'photo') {
      flushVectors();
      const left = Math.round(item.rect.x * sx);
      const top = Math.round(item.rect.y * sy);
      // Sized by its rounded edges, so that neighbouring blocks meet without a seam.
      const photo = await preparePlacedPhoto(item, {
        scaleX: (Math.round((item.rect.x + item.rect.width) * sx) - left) / item.rect.width,
        scaleY: (Math.round((item.rect.y + item.rect.height) * sy) - top) / item.rect.height, upscale: true,
      });
      const layer = photo && (await imageLayer({
        data: photo.data, pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight, channels: 3, left: item.rect.x, top: item.rect.y,
      }, sx, sy, width, height));
      if (layer) layers.push(layer);
      continue;
    }
    if (item.kind !== 'image') {
      vectors.push(vectorSvg(item, sx, sy));
      continue;
    }
    flushVectors();
    const scale = { scaleX: sx, scaleY: sy, upscale: true };
    // A first image that covers the canvas (a cover's background) is the canvas: its pixels are not made apart and
    // then composited onto a blank one.
    const prepared = index === 0 ? await prepareCanvasOrPixels(item, scale, width, height) : { pixels: await preparePixels(item, scale) };
    if ('canvas' in prepared) {
      canvas = prepared.canvas;
      continue;
    }
    const image = prepared.pixels;
    const layer = image && (await imageLayer(image, sx, sy, width, height));
    if (layer) layers.push(layer);
  }
  flushVectors();
  return (canvas ?? sharp({ create: { width, height, channels: 3, background: scene.background } }))
    .composite(layers)
    .flatten({ background: '#ffffff' });
}

/** The scene as a JPEG of width x height pixels. */
export async function renderSceneToJpeg(scene: Scene, width: number, height: number, quality = 82): Promise<Buffer> {
  return (await compositeScene(scene, width, height)).jpeg({ quality }).toBuffer();
}

export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
}

/** The scene as raw RGB pixels of width x height: for several encodings of one rendering (a preview and its sizes). */
export async function renderSceneToPixels(scene: Scene, width: number, height: number): Promise<RawPixels> {
  const { data, info } = await (await compositeScene(scene, width, height)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
