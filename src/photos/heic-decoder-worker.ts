// The HEIC decoding worker: libheif (WASM) decodes synchronously, for seconds and gigabytes on a large photo, so it
// runs here, in a worker thread the main thread ends after one photo (which gives the WASM heap back). It writes the
// pixels as a PNG file for sharp, so that they never pass through the main thread's memory.
import { parentPort, workerData } from 'node:worker_threads';
import libheif from 'libheif-js/wasm-bundle';
import { readHeifContainer } from './photo-heif-container';
import { profileOf, writePixelsAsPng } from './heic-png';

export interface HeicDecodeRequest {
  file: Uint8Array;
  maxPixels: number;
  /** Where to write the PNG (a new file: the worker refuses to overwrite one). */
  png: string;
}

export type HeicDecodeAnswer =
  | { width: number; height: number }
  | { refused: 'not_found' | 'too_large' | 'failed'; message: string };

type Decoded = { width: number; height: number; rgba: Uint8ClampedArray };

function decodePrimary({ file, maxPixels }: HeicDecodeRequest): Promise<Decoded | Extract<HeicDecodeAnswer, { refused: string }>> {
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(file);
  const release = () => {
    for (const image of images) image.free();
    decoder.decoder?.delete();
  };
  // The primary item, the one the container's size, colour and orientation describe and every viewer shows: never
  // the first image of the file, which may be another (a 64x64 primary in front of a 256 MP first image).
  const primary = images.find((image) => image.is_primary());
  if (!primary) {
    release();
    return Promise.resolve({ refused: 'not_found', message: 'HEIF image not found' });
  }
  const width = primary.get_width();
  const height = primary.get_height();
  // libheif's own size of the image it decodes, checked before decoding it.
  if (width * height > maxPixels) {
    release();
    return Promise.resolve({ refused: 'too_large', message: `The photo is larger than ${maxPixels} pixels (${width}x${height}).` });
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  return new Promise((resolve) => {
    primary.display({ data: rgba, width, height }, (result) => {
      release();
      resolve(result ? { width, height, rgba } : { refused: 'failed', message: 'HEIF processing error' });
    });
  });
}

async function decodeToPng(request: HeicDecodeRequest): Promise<HeicDecodeAnswer> {
  const decoded = await decodePrimary(request);
  if ('refused' in decoded) return decoded;
  const { width, height, rgba } = decoded;
  const profile = await profileOf(readHeifContainer(Buffer.from(request.file))?.colour ?? null);
  await writePixelsAsPng(request.png, Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height, profile);
  return { width, height };
}

void decodeToPng(workerData as HeicDecodeRequest).then(
  (answer) => parentPort!.postMessage(answer),
  (error: Error) => parentPort!.postMessage({ refused: 'failed', message: error.message } satisfies HeicDecodeAnswer),
);
