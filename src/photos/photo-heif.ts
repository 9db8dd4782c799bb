// HEIC/HEIF decoding for the print master: sharp's prebuilt libvips has no HEVC decoder, so libheif (libheif-js: WASM,
// no native download) decodes, in a worker thread, and the pixels go on to sharp as a lossless PNG carrying the file's
// colour profile.
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { HeicDecodeAnswer, HeicDecodeRequest } from './heic-decoder-worker';
import { readHeifContainer, type HeifColour } from './photo-heif-container';

/** nclx colour primaries (ITU-T H.273) of Display P3, what iPhones write when they write nclx. */
const NCLX_PRIMARIES_P3 = 12;

export interface DecodedHeif {
  /** A PNG (lossless, fastest compression) of the upright pixels, with the image's ICC profile when it has one. */
  png: Buffer;
  width: number;
  height: number;
}

let displayP3Profile: Promise<Buffer> | undefined;

/** The ICC profile sharp ships as 'p3', read back from a one-pixel image (sharp takes profiles by name or path only). */
function displayP3(): Promise<Buffer> {
  displayP3Profile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .withIccProfile('p3').png().toBuffer()
    .then(async (png) => (await sharp(png).metadata()).icc as Buffer);
  return displayP3Profile;
}

/**
 * The profile to convert from. nclx other than P3 (BT.709, unspecified, or BT.2020/HDR, which a print master cannot
 * keep anyway) is taken as sRGB.
 */
async function profileOf(colour: HeifColour | null): Promise<Buffer | undefined> {
  if (colour?.kind === 'icc') return colour.profile;
  if (colour?.kind === 'nclx' && colour.primaries === NCLX_PRIMARIES_P3) return displayP3();
  return undefined;
}

/** Adds an iCCP chunk right after IHDR (the PNG's first chunk: 8 bytes of signature, then 8 + 13 + 4). */
export function withIccChunk(png: Buffer, profile: Buffer): Buffer {
  const afterHeader = 8 + 8 + 13 + 4;
  const data = Buffer.concat([Buffer.from('icc\0\0', 'latin1'), zlib.deflateSync(profile)]);
  const typeAndData = Buffer.concat([Buffer.from('iCCP', 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([png.subarray(0, afterHeader), length, typeAndData, crc, png.subarray(afterHeader)]);
}

/** Turns decoded RGBA pixels into the lossless PNG sharp reads, tagged with the profile they are in. */
export async function pixelsAsPng(pixels: Buffer, width: number, height: number, profile?: Buffer): Promise<Buffer> {
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
  return profile ? withIccChunk(png, profile) : png;
}

/** The primary image is past the pixel limit, as libheif itself reads its size. */
export class HeicTooLargeError extends Error {}

/**
 * The worker's JavaScript heap. libheif's WASM memory lies outside it: the pixel limit, checked on the image libheif
 * is about to decode, bounds that, and ending the worker after each photo gives it back (a WASM heap never shrinks).
 */
const DECODER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/** Runs one decode in a worker of its own (sources are TypeScript, run through tsx in the worker as in the process). */
function decodeInWorker(request: HeicDecodeRequest): Promise<HeicDecodeAnswer> {
  const source = `require('tsx/cjs'); require(${JSON.stringify(require.resolve('./heic-decoder-worker'))});`;
  // stdout: true keeps libheif's console lines about files it cannot read out of the service's log.
  const worker = new Worker(source, { eval: true, workerData: request, resourceLimits: DECODER_LIMITS, stdout: true, stderr: true });
  return new Promise<HeicDecodeAnswer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the HEIC decoder stopped (exit code ${code})`)));
  }).finally(() => void worker.terminate());
}

/** Decodes the primary image off the main thread; throws when it is past maxPixels or libheif cannot decode it. */
export async function decodeHeic(file: Buffer, maxPixels: number): Promise<DecodedHeif> {
  const answer = await decodeInWorker({ file, maxPixels });
  if ('refused' in answer) throw answer.refused === 'too_large' ? new HeicTooLargeError(answer.message) : new Error(answer.message);
  const { width, height } = answer;
  const png = await pixelsAsPng(Buffer.from(answer.rgba), width, height, await profileOf(readHeifContainer(file)?.colour ?? null));
  return { png, width, height };
}
