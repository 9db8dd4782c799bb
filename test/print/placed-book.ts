// A shopper's book with placed photos and texts, made as the editing channel would leave it: photos uploaded through
// the real API and processed (so they have real print masters), blocks written into the pages by SQL.
import sharp from 'sharp';
import type request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { createLayoutsService } from '../../src/layouts/service';
import type { Block, Box, PhotoPlacement, TextStyle } from '../../src/shared/layout-document';
import type { TestRuntime } from '../helpers/runtime';
import { orientedJpeg, uprightPixels } from '../photos/photo-images';

/** The upright test picture's size: four flat quadrants, so crops, turns and mirrors show plainly. */
export const PICTURE = { width: 600, height: 400 };

export interface PlacedBook {
  layoutId: string;
  hash: string;
  format: { widthMm: number; heightMm: number };
  interiorPages: number;
}

/** A copy of the first demo product for the owner. */
export async function newBook(runtime: TestRuntime, ownerId: number): Promise<PlacedBook> {
  const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
  const copy = await createLayoutsService(runtime).copyProduct({ id: ownerId, role: 'user' } as never, product.id);
  const layout = copy;
  const { rows: [row] } = await runtime.db.sql.query<{ width_cm: number; height_cm: number; pages: number }>(
    `SELECT f.width_cm, f.height_cm, (SELECT count(*)::int FROM layout_pages WHERE layout_id = l.id AND type = 'PAGE') AS pages
       FROM layouts l JOIN formats f ON f.id = l.format_id WHERE l.id = $1`, [layout.id]);
  return { layoutId: layout.id, hash: layout.hash, format: { widthMm: row.width_cm * 10, heightMm: row.height_cm * 10 }, interiorPages: row.pages };
}

/** Uploads through POST /api/or/photo/ and runs its processing; the photo's id. */
export async function uploadPhoto(runtime: TestRuntime, client: ReturnType<typeof request>, auth: string, content: Buffer, name = 'photo.jpg'): Promise<number> {
  const response = await client.post('/api/or/photo/').set('Authorization', auth)
    .attach('files', content, { filename: name, contentType: 'application/octet-stream' });
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${JSON.stringify(response.body)}`);
  const id = response.body.photo_id as number;
  await processPhoto.handle({ photoId: id }, runtime.jobContext);
  return id;
}

/** The test picture stored under EXIF orientation n (a JPEG), or as HEIF (AV1-coded: what sharp can write). */
export const orientedPicture = (orientation: number) => orientedJpeg(orientation, PICTURE);
export const heifPicture = () => sharp(uprightPixels(PICTURE), { raw: { ...PICTURE, channels: 3 } }).heif({ compression: 'av1', quality: 90, lossless: true }).toBuffer();

let blockCount = 0;
const base = (type: Block['type'], box: Box): Block => ({
  id: `test-${(blockCount += 1)}`, type, theme_element_type: null, ...box, content_warp: { x: 0, y: 0, width: 100, height: 100 },
  content: { image: null, text: '', link: null },
});

export const photoBlock = (box: Box, photo?: PhotoPlacement): Block => ({ ...base('PHOTO', box), content: { image: null, text: '', link: null, ...(photo ? { photo } : {}) } });
export const textBlock = (box: Box, text: string, style?: TextStyle): Block => ({ ...base('TEXT', box), content: { image: null, text, link: null, ...(style ? { style } : {}) } });
export const backgroundBlock = (image: string): Block => ({ ...base('BACKGROUND', { x: 0, y: 0, width: 100, height: 100 }), content: { image, text: '', link: null } });

/** Replaces the blocks of the book's page num. */
export async function setBlocks(runtime: TestRuntime, layoutId: string, num: number, blocks: Block[]): Promise<void> {
  const { rowCount } = await runtime.db.sql.query('UPDATE layout_pages SET blocks = $3 WHERE layout_id = $1 AND num = $2', [layoutId, num, JSON.stringify(blocks)]);
  if (rowCount !== 1) throw new Error(`no page ${num}`);
}

/** The book's placed photos listed on it, as the editing channel keeps them. */
export async function listPhotos(runtime: TestRuntime, layoutId: string, photoIds: number[]): Promise<void> {
  await runtime.db.sql.query('UPDATE layouts SET photo_ids = $2 WHERE id = $1', [layoutId, JSON.stringify(photoIds)]);
}

/** The expected look of a placement: the upright picture's crop, turned, mirrored, at width x height (raw RGB). */
export async function expectedPlacement(placement: Pick<PhotoPlacement, 'crop' | 'rotation' | 'mirror'>, width: number, height: number): Promise<Buffer> {
  const { crop } = placement;
  let picture = sharp(uprightPixels(PICTURE), { raw: { ...PICTURE, channels: 3 } })
    .extract({
      left: Math.round(crop.x * PICTURE.width), top: Math.round(crop.y * PICTURE.height),
      width: Math.round(crop.width * PICTURE.width), height: Math.round(crop.height * PICTURE.height),
    });
  const turned = await picture.raw().toBuffer({ resolveWithObject: true });
  picture = sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 3 } }).rotate(placement.rotation);
  if (placement.mirror) picture = picture.flop();
  const drawn = await picture.raw().toBuffer({ resolveWithObject: true });
  return sharp(drawn.data, { raw: { width: drawn.info.width, height: drawn.info.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer();
}

/** The mean absolute difference (0..255) of a region of a raw RGB image and a raw RGB picture of the region's size. */
export function meanDifference(image: { data: Buffer; width: number }, region: { left: number; top: number; width: number; height: number }, expected: Buffer): number {
  let sum = 0;
  for (let y = 0; y < region.height; y += 1) {
    for (let x = 0; x < region.width; x += 1) {
      const at = ((region.top + y) * image.width + region.left + x) * 3;
      const wanted = (y * region.width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) sum += Math.abs(image.data[at + channel] - expected[wanted + channel]);
    }
  }
  return sum / (region.width * region.height * 3);
}

/** The mean colour of a region of a raw RGB image. */
export function meanColour(image: { data: Buffer; width: number }, region: { left: number; top: number; width: number; height: number }): number[] {
  const sum = [0, 0, 0];
  for (let y = 0; y < region.height; y += 1) {
    for (let x = 0; x < region.width; x += 1) {
      const at = ((region.top + y) * image.width + region.left + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) sum[channel] += image.data[at + channel];
    }
  }
  return sum.map((value) => value / (region.width * region.height));
}
