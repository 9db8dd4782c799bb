// A product's gallery preview: the front of its cover as its layout describes it (the front cover background,
// a placeholder where the shopper's photo will go, the title), at the format's proportions.
import sharp from 'sharp';

const LONG_SIDE = 600;
const FALLBACK_BACKGROUND = '#d9d4cc';

export interface CoverDrawing {
  widthCm: number;
  heightCm: number;
  /** The front cover background image, when there is one to read. */
  background: Buffer | undefined;
  title: string;
}

/** Text for SVG: markup characters escaped, and characters XML cannot hold at all (control characters) dropped. */
const escapeXml = (text: string) => text
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  .replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The placeholder photo and the title, drawn over the background. */
function overlay(width: number, height: number, title: string): Buffer {
  const photo = { x: width * 0.15, y: height * 0.14, width: width * 0.7, height: height * 0.52 };
  const fontSize = Math.round(Math.min(width, height) * 0.07);
  const shortTitle = title.length > 40 ? `${title.slice(0, 39)}…` : title;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="${photo.x}" y="${photo.y}" width="${photo.width}" height="${photo.height}" fill="#f4f1ec" stroke="#ffffff" stroke-width="${width * 0.012}"/>
  <circle cx="${photo.x + photo.width * 0.72}" cy="${photo.y + photo.height * 0.3}" r="${photo.height * 0.09}" fill="#e3b55b"/>
  <path d="M${photo.x} ${photo.y + photo.height} L${photo.x + photo.width * 0.38} ${photo.y + photo.height * 0.45} L${photo.x + photo.width * 0.62} ${photo.y + photo.height * 0.78} L${photo.x + photo.width * 0.78} ${photo.y + photo.height * 0.6} L${photo.x + photo.width} ${photo.y + photo.height} Z" fill="#9fb3a6"/>
  <rect x="0" y="${height * 0.74}" width="${width}" height="${height * 0.16}" fill="#ffffff" fill-opacity="0.78"/>
  <text x="${width / 2}" y="${height * 0.84}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" text-anchor="middle" fill="#2b2b2b">${escapeXml(shortTitle)}</text>
</svg>`);
}

export async function drawCoverPreview(drawing: CoverDrawing): Promise<Buffer> {
  const scale = LONG_SIDE / Math.max(drawing.widthCm, drawing.heightCm);
  const width = Math.round(drawing.widthCm * scale);
  const height = Math.round(drawing.heightCm * scale);
  const background = drawing.background
    ? sharp(drawing.background).rotate().resize({ width, height, fit: 'cover' })
    : sharp({ create: { width, height, channels: 3, background: FALLBACK_BACKGROUND } });
  return background
    .composite([{ input: overlay(width, height, drawing.title) }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();
}
