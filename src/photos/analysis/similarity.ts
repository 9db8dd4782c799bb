// When two photos look like one another (issue 51): near-duplicates need structure (the perceptual hash) and colour
// (the colour signature's chromaticity) both close, so the same composition in other colours is not one; a burst is
// photos of one camera seconds apart whose content is close, looser than a near-duplicate (a subject that moved).
import { hashDistance, NEAR_DUPLICATE_BITS } from './photo-hash';
import { colourDistance } from './measures';

/**
 * Colour signatures this close (mean chromaticity difference per cell) are taken for the same colours: a copy half as
 * bright measures up to 0.07 from its original, the same picture with its hues turned by a quarter 0.13 and more.
 */
export const DUPLICATE_COLOUR = 0.08;
/** Photos of one camera at most this far apart may form a burst. */
export const BURST_SECONDS = 10;
/** A burst's photos differ in at most this many hash bits (of 64), and their colours at most this much. */
export const BURST_BITS = 20;
export const BURST_COLOUR = 0.06;

export interface Likeness {
  perceptualHash: string | null;
  colourSignature: string | null | undefined;
}

/**
 * Near-duplicates: hashes within NEAR_DUPLICATE_BITS and colours within DUPLICATE_COLOUR. A photo processed before
 * colour signatures is judged by its hash alone, as it was then.
 */
export function looksDuplicate(a: Likeness, b: Likeness): boolean {
  if (!a.perceptualHash || !b.perceptualHash || hashDistance(a.perceptualHash, b.perceptualHash) > NEAR_DUPLICATE_BITS) return false;
  const colour = colourDistance(a.colourSignature, b.colourSignature);
  return colour === undefined || colour <= DUPLICATE_COLOUR;
}

/** Close enough in content to be shots of one moment (the time and camera are the caller's to check). */
export function looksLikeBurst(a: Likeness, b: Likeness): boolean {
  if (!a.perceptualHash || !b.perceptualHash || hashDistance(a.perceptualHash, b.perceptualHash) > BURST_BITS) return false;
  const colour = colourDistance(a.colourSignature, b.colourSignature);
  return colour !== undefined && colour <= BURST_COLOUR;
}
