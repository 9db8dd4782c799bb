// A scene as a JPEG of a given pixel size: images and photos composited by sharp, fills and text (the font's glyph
// outlines) through one SVG per run of them.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { textPaths } from './glyph-paths';
import { prepareImage } from './images';
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

/** The scene at width x height pixels (stretched to them: callers keep the scene's proportions). */
export async function renderSceneToJpeg(scene: Scene, width: number, height: number, quality = 82): Promise<Buffer> {
  const sx = width / scene.width;
  const sy = height / scene.height;
  const layers: OverlayOptions[] = [];
  let vectors: string[] = [];
  const flushVectors = () => {
    if (vectors.length === 0) return;
    layers.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">\n  ${vectors.join('\n  ')}\n</svg>`), left: 0, top: 0 });
    vectors = [];
  };
  for (const item of scene.items) {
    if (item.kind === 'photo') {
      flushVectors();
      const left = Math.round(item.rect.x * sx);
      const top = Math.round(item.rect.y * sy);
      // Sized by its rounded edges, so that neighbouring blocks meet without a seam.
      const photo = await preparePlacedPhoto(item, {
        scaleX: (Math.round((item.rect.x + item.rect.width) * sx) - left) / item.rect.width,
        scaleY: (Math.round((item.rect.y + item.rect.height) * sy) - top) / item.rect.height, upscale: true,
      });
      const layer = photo && await onCanvas(sharp(photo.data, { raw: { width: photo.pixelWidth, height: photo.pixelHeight, channels: 3 } }),
        left, top, photo.pixelWidth, photo.pixelHeight, width, height);
      if (layer) layers.push(layer);
      continue;
    }
    if (item.kind !== 'image') {
      vectors.push(vectorSvg(item, sx, sy));
      continue;
    }
    flushVectors();
    const image = await prepareImage(item, { scaleX: sx, scaleY: sy, upscale: true, quality: 92 });
    if (!image) continue;
    const layer = await onCanvas(sharp(image.data), Math.round(image.left * sx), Math.round(image.top * sy), image.pixelWidth, image.pixelHeight, width, height);
    if (layer) layers.push(layer);
  }
  flushVectors();
  return sharp({ create: { width, height, channels: 3, background: scene.background } })
    .composite(layers)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality })
    .toBuffer();
}

/** The part of a picture at (left, top) that lies on the canvas, as a layer: sharp refuses an overlay that sticks out. */
async function onCanvas(picture: Sharp, left: number, top: number, pixelWidth: number, pixelHeight: number, width: number, height: number): Promise<OverlayOptions | undefined> {
  const visible = await picture.extract({
    left: Math.max(0, -left), top: Math.max(0, -top),
    width: Math.min(pixelWidth, width - left) - Math.max(0, -left),
    height: Math.min(pixelHeight, height - top) - Math.max(0, -top),
  }).raw().toBuffer({ resolveWithObject: true }).catch(() => undefined);
  return visible && { input: visible.data, raw: visible.info, left: Math.max(0, left), top: Math.max(0, top) };
}
