// HEIC/HEIF decoding for the print master: sharp's prebuilt libvips has no HEVC decoder, so libheif (libheif-js: WASM,
// no native download) decodes, in a worker thread, which writes the pixels as a lossless PNG file carrying the file's
// colour profile for sharp to read. The main thread holds no buffer of the pixels: a large photo's memory is given
// back when the worker ends and the file is read, not whenever a garbage collection happens to run.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HeicDecodeAnswer, HeicDecodeRequest } from './heic-decoder-worker';
import { removeStaleTempEntriesOnce } from '../util/stale-temp-files';

export interface DecodedHeif {
  /** A PNG file (lossless, fastest compression) of the upright pixels, with the image's ICC profile when it has one. */
  png: string;
  width: number;
  height: number;
  /** Removes the PNG file, once whatever reads it has finished. */
  release(): Promise<void>;
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

/** The decoded PNGs' names start so (a crashed process's are removed a day later: stale-temp-files.ts). */
const HEIC_TEMP_PREFIX = 'photobook-heic-';

/**
 * Decodes the primary image off the main thread into a PNG file in the system's temporary folder (about 4 bytes a
 * pixel: 600 MB for 150 MP); throws when it is past maxPixels or libheif cannot decode it, leaving no file behind.
 */
export async function decodeHeic(file: Buffer, maxPixels: number): Promise<DecodedHeif> {
  await removeStaleTempEntriesOnce(HEIC_TEMP_PREFIX);
  const png = path.join(os.tmpdir(), `${HEIC_TEMP_PREFIX}${randomUUID()}.png`);
  const release = () => rm(png, { force: true });
  const answer = await decodeInWorker({ file, maxPixels, png }).catch(async (error: Error) => {
    await release();
    throw error;
  });
  if ('refused' in answer) {
    await release();
    throw answer.refused === 'too_large' ? new HeicTooLargeError(answer.message) : new Error(answer.message);
  }
  return { png, width: answer.width, height: answer.height, release };
}
