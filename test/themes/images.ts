// Test images made by sharp, and the ways a file can pretend to be one.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export function noiseImage(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export const plainImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4488cc' }, limitInputPixels: false });

export const jpeg = (width: number, height: number) => plainImage(width, height).jpeg().toBuffer();
export const png = (width: number, height: number) => plainImage(width, height).png().toBuffer();
export const webp = (width: number, height: number) => plainImage(width, height).webp().toBuffer();

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await noiseImage(600, 400).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>');

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG of side x side pixels, written directly: a decompression bomb of 400 megapixels in
 * about 50 KB (encoding one through sharp takes many seconds).
 */
export function hugePng(side = 20000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // each row: filter byte 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG cut just before its IEND chunk: its pixels all decode, but the container does not end. */
export async function pngWithoutEnd(): Promise<Buffer> {
  const whole = await noiseImage(60, 40).png().toBuffer();
  return whole.subarray(0, whole.length - 12);
}

/** A JPEG whose end-of-image marker is replaced by a comment segment claiming more bytes than the file has. */
export async function jpegWithSegmentPastTheEnd(): Promise<Buffer> {
  const whole = await noiseImage(60, 40).jpeg().toBuffer();
  return Buffer.concat([whole.subarray(0, whole.length - 2), Buffer.from([0xff, 0xfe, 0xff, 0xff, 0x41, 0x42])]);
}
