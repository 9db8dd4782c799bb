// A PNG without its metadata, by dropping chunks: the compressed image data (IDAT) is copied as it came, so the
// pixels and the size stay the upload's. Chunk layout: PNG specification (third edition), section 5.
import { refuseImage as refuse } from './image-check';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LARGEST_CHUNK = 0x7fffffff;

/**
 * Chunks that say how to decode or show the pixels (and APNG's frames). Every other ancillary chunk goes: text
 * (tEXt, zTXt, iTXt, which carry XMP too), eXIf, tIME and whatever a program added (decoders must ignore unknown
 * ancillary chunks, so dropping one never changes the picture). Critical chunks are all kept: the decoder needs them.
 */
const KEPT_ANCILLARY_CHUNKS = new Set([
  'iCCP', 'sRGB', 'gAMA', 'cHRM', 'cICP', 'mDCV', 'cLLI', 'sBIT', 'tRNS', 'bKGD', 'pHYs', 'hIST', 'sPLT',
  'acTL', 'fcTL', 'fdAT',
]);

// Bit 5 of a chunk type's first byte (a lower-case letter) marks an ancillary chunk.
const isCritical = (type: string) => (type.charCodeAt(0) & 0x20) === 0;

/**
 * The PNG with its critical chunks and the kept ancillary ones, in their order; anything after IEND is dropped too.
 * A structure that does not add up (no IHDR first, a length past the end, no IEND) throws InvalidImageError.
 */
export function pngWithoutMetadata(png: Buffer): Buffer {
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return refuse();
  const kept: Buffer[] = [SIGNATURE];
  let position = SIGNATURE.length;
  while (position + 12 <= png.length) {
    const length = png.readUInt32BE(position);
    const end = position + 12 + length;
    if (length > LARGEST_CHUNK || end > png.length) return refuse();
    const type = png.toString('latin1', position + 4, position + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || (position === SIGNATURE.length) !== (type === 'IHDR')) return refuse();
    if (isCritical(type) || KEPT_ANCILLARY_CHUNKS.has(type)) kept.push(png.subarray(position, end));
    if (type === 'IEND') return Buffer.concat(kept);
    position = end;
  }
  return refuse();
}
