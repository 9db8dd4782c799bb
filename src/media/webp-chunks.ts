// A WebP without its metadata, by dropping RIFF chunks: the compressed image data is copied as it came, so the
// pixels and the size stay the upload's. Container layout: RFC 9649 (WebP image format), section 2.
import { refuseImage as refuse } from './image-check';

const HEADER_BYTES = 12; // "RIFF", the size of what follows, "WEBP"
const CHUNK_HEADER_BYTES = 8; // FourCC, payload size
const VP8X_FLAGS_WITHOUT_METADATA = ~(0x08 | 0x04) & 0xff; // clears the EXIF and XMP flags

/** Chunks of the image itself (and its colour profile and animation); EXIF, XMP and unknown chunks go. */
const KEPT_CHUNKS = new Set(['VP8X', 'ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L']);

interface Chunk {
  fourCC: string;
  bytes: Buffer;
}

/**
 * The chunks of the RIFF body, each with its header and padding byte (which the last chunk may lack, as some
 * writers leave it out). Lengths past the end throw.
 */
function chunksOf(webp: Buffer, end: number): Chunk[] {
  const chunks: Chunk[] = [];
  let position = HEADER_BYTES;
  while (position < end) {
    if (position + CHUNK_HEADER_BYTES > end) return refuse();
    const size = webp.readUInt32LE(position + 4);
    const payloadEnd = position + CHUNK_HEADER_BYTES + size;
    if (payloadEnd > end) return refuse();
    const next = Math.min(end, payloadEnd + (size % 2));
    chunks.push({ fourCC: webp.toString('latin1', position, position + 4), bytes: webp.subarray(position, next) });
    position = next;
  }
  return chunks;
}

/**
 * The WebP with only the kept chunks, the VP8X flags saying that no EXIF or XMP follows and the RIFF size made to
 * match; anything after the RIFF body is dropped too. A structure that does not add up throws InvalidImageError.
 */
export function webpWithoutMetadata(webp: Buffer): Buffer {
  if (webp.length < HEADER_BYTES || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') return refuse();
  const end = CHUNK_HEADER_BYTES + webp.readUInt32LE(4);
  if (end > webp.length) return refuse();
  const chunks = chunksOf(webp, end);
  if (chunks.length === 0 || !['VP8X', 'VP8 ', 'VP8L'].includes(chunks[0].fourCC)) return refuse();
  const kept = chunks.filter((chunk) => KEPT_CHUNKS.has(chunk.fourCC)).map((chunk) => chunk.bytes);
  if (chunks[0].fourCC === 'VP8X') {
    if (kept[0].length < CHUNK_HEADER_BYTES + 10) return refuse();
    kept[0] = Buffer.from(kept[0]);
    kept[0][CHUNK_HEADER_BYTES] &= VP8X_FLAGS_WITHOUT_METADATA;
  }
  const header = Buffer.from(webp.subarray(0, HEADER_BYTES));
  const body = Buffer.concat(kept);
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

/** Whether a WebP that webpWithoutMetadata accepted is lossless (VP8L), so that a rotated copy can stay lossless. */
export function isLosslessWebp(webp: Buffer): boolean {
  return chunksOf(webp, CHUNK_HEADER_BYTES + webp.readUInt32LE(4)).some((chunk) => chunk.fourCC === 'VP8L');
}
