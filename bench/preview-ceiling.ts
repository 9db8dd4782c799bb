// The ceiling of bench:preview: sharp alone in the benchmark's process rendering the previews the preview job renders
// (the cover background covering the format, the photo placeholder, the title's band and line, at 600 px on the long
// side), with the same derivatives (_md.jpg at most 1200 px, so the preview's size; _sm.jpg at 300 px) and as many at
// once as the worker, the cheapest way: one decode of the background straight to the preview's size, the composite
// kept as pixels, each file encoded once from them (the _md.jpg bytes are the preview's).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export interface CeilingPreview {
  widthCm: number;
  heightCm: number;
  title: string;
}

const LONG_SIDE = 600;
const SMALL_SIDE = 300;
const QUALITY = 82;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The preview's vector items as one SVG at its pixel size, shaped as src/products/preview.ts draws them. */
function overlay(width: number, height: number, title: string): Buffer {
  const x = width * 0.15;
  const y = height * 0.14;
  const w = width * 0.7;
  const h = height * 0.52;
  const fontSize = Math.min(width, height) * 0.07;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f4f1ec" stroke="#ffffff" stroke-width="${width * 0.012}"/>
  <circle cx="${x + w * 0.72}" cy="${y + h * 0.3}" r="${h * 0.09}" fill="#e3b55b"/>
  <path d="M${x} ${y + h} L${x + w * 0.38} ${y + h * 0.45} L${x + w * 0.62} ${y + h * 0.78} L${x + w * 0.78} ${y + h * 0.6} L${x + w} ${y + h} Z" fill="#9fb3a6"/>
  <rect x="0" y="${height * 0.74}" width="${width}" height="${height * 0.16}" fill="#ffffff" fill-opacity="0.78"/>
  <text x="${width / 2}" y="${height * 0.84}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" text-anchor="middle" fill="#2b2b2b">${escapeXml(title)}</text>
</svg>`);
}

async function renderOne(background: Buffer, preview: CeilingPreview, folder: string, index: number): Promise<void> {
  const scale = LONG_SIDE / Math.max(preview.widthCm, preview.heightCm);
  const width = Math.round(preview.widthCm * scale);
  const height = Math.round(preview.heightCm * scale);
  const { data, info } = await sharp(background).resize(width, height, { fit: 'cover' })
    .composite([{ input: overlay(width, height, preview.title) }]).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [full, small] = await Promise.all([
    sharp(data, pixels).jpeg({ quality: QUALITY }).toBuffer(),
    sharp(data, pixels).resize(SMALL_SIDE, SMALL_SIDE, { fit: 'inside' }).jpeg({ quality: QUALITY }).toBuffer(),
  ]);
  const key = path.join(folder, `preview-${index}.jpg`);
  await Promise.all([writeFile(key, full), writeFile(`${key}_md.jpg`, full), writeFile(`${key}_sm.jpg`, small)]);
}

/** Renders every preview, `at` at a time, into folder; seconds and CPU seconds of this process taken. */
export async function sharpAlone(background: Buffer, previews: CeilingPreview[], at: number, folder: string): Promise<{ seconds: number; cpuSeconds: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(Array.from({ length: at }, async () => {
    while (next < previews.length) {
      const index = next++;
      await renderOne(background, previews[index], folder, index);
    }
  }));
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}
