// The HEIC decoding worker: libheif (WASM) decodes synchronously, for seconds and gigabytes on a large photo, so it
// runs here, in a worker thread the main thread ends after one photo (which gives the WASM heap back).
import { parentPort, workerData } from 'node:worker_threads';
import libheif from 'libheif-js/wasm-bundle';

export interface HeicDecodeRequest {
  file: Uint8Array;
  maxPixels: number;
}

export type HeicDecodeAnswer =
  | { width: number; height: number; rgba: ArrayBuffer }
  | { refused: 'not_found' | 'too_large' | 'failed'; message: string };

function decodePrimary({ file, maxPixels }: HeicDecodeRequest): Promise<HeicDecodeAnswer> {
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
  const data = new Uint8ClampedArray(width * height * 4);
  return new Promise((resolve) => {
    primary.display({ data, width, height }, (result) => {
      release();
      resolve(result ? { width, height, rgba: data.buffer } : { refused: 'failed', message: 'HEIF processing error' });
    });
  });
}

void decodePrimary(workerData as HeicDecodeRequest).then((answer) => {
  parentPort!.postMessage(answer, 'rgba' in answer ? [answer.rgba] : []);
});
