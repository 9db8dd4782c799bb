// A perceptual hash of the upright picture for near-duplicates: a difference hash (dHash) of 64 bits, which a resize,
// a re-encode or a small change of brightness leaves almost unchanged, while different pictures differ in about half.
import { fromCopy, type SmallCopy } from './small-copy';

const HASH_SIDE = 8;
/** Hashes this close (bits that differ, of 64) are taken for the same picture. */
export const NEAR_DUPLICATE_BITS = 6;

/** Each bit says whether a cell of the 9x8 greyscale thumbnail is brighter than its right neighbour; 16 hex digits. */
export async function differenceHash(copy: SmallCopy): Promise<string> {
  const pixels = await fromCopy(copy).greyscale().resize(HASH_SIDE + 1, HASH_SIDE, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let row = 0; row < HASH_SIDE; row += 1) {
    for (let column = 0; column < HASH_SIDE; column += 1) {
      const at = row * (HASH_SIDE + 1) + column;
      bits = (bits << 1n) | (pixels[at] > pixels[at + 1] ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let difference = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count;
}

export function nearDuplicates(a: string, b: string): boolean {
  return hashDistance(a, b) <= NEAR_DUPLICATE_BITS;
}
