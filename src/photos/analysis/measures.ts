// What a photo's pixels say of its quality and colours, read from one small RGB copy of its master: a sharpness score
// (the variance of the Laplacian of its luminance), an exposure score (how far its luminance sits from mid-grey and how
// much of it is clipped) and a colour signature (the mean colour of 4x4 cells).

/** Laplacian variance at which sharpness reads 0.5 (a 512-pixel copy of an in-focus photo reads well above it). */
const SHARPNESS_HALF = 60;
/** The colour signature's cells a side. */
export const SIGNATURE_CELLS = 4;

export interface PixelMeasures {
  /** 0 (blurred) to 1 (sharp). */
  sharpness: number;
  /** 0 (black, white or heavily clipped) to 1 (well exposed). */
  exposure: number;
  /** Mean luminance, 0 to 1. */
  brightness: number;
  /** SIGNATURE_CELLS^2 cells of mean R, G, B, two hex digits each. */
  colourSignature: string;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

function luminanceOf(rgb: Uint8Array, pixels: number): Float32Array {
  const luminance = new Float32Array(pixels);
  for (let at = 0; at < pixels; at += 1) {
    luminance[at] = 0.2126 * rgb[at * 3] + 0.7152 * rgb[at * 3 + 1] + 0.0722 * rgb[at * 3 + 2];
  }
  return luminance;
}

/** The variance of the 4-neighbour Laplacian over the inner pixels, mapped to 0..1. */
function sharpnessOf(luminance: Float32Array, width: number, height: number): number {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const at = y * width + x;
      const value = luminance[at - 1] + luminance[at + 1] + luminance[at - width] + luminance[at + width] - 4 * luminance[at];
      sum += value;
      squares += value * value;
      count += 1;
    }
  }
  if (count === 0) return 0;
  const variance = squares / count - (sum / count) ** 2;
  return round4(variance / (variance + SHARPNESS_HALF));
}

function exposureOf(luminance: Float32Array): { exposure: number; brightness: number } {
  let sum = 0;
  let clipped = 0;
  for (const value of luminance) {
    sum += value;
    if (value <= 4 || value >= 251) clipped += 1;
  }
  const mean = sum / luminance.length / 255;
  // Mid-grey is best; a mean within 0.3 of it costs little, and every clipped pixel costs its share.
  const offCentre = Math.max(0, Math.abs(mean - 0.5) - 0.1) / 0.4;
  const score = (1 - offCentre ** 1.5) * (1 - Math.min(1, (clipped / luminance.length) * 2));
  return { exposure: round4(Math.max(0, score)), brightness: round4(mean) };
}

function signatureOf(rgb: Uint8Array, width: number, height: number): string {
  const sums = new Float64Array(SIGNATURE_CELLS * SIGNATURE_CELLS * 4);
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(SIGNATURE_CELLS - 1, Math.floor((y * SIGNATURE_CELLS) / height));
    for (let x = 0; x < width; x += 1) {
      const cell = row * SIGNATURE_CELLS + Math.min(SIGNATURE_CELLS - 1, Math.floor((x * SIGNATURE_CELLS) / width));
      const at = (y * width + x) * 3;
      sums[cell * 4] += rgb[at];
      sums[cell * 4 + 1] += rgb[at + 1];
      sums[cell * 4 + 2] += rgb[at + 2];
      sums[cell * 4 + 3] += 1;
    }
  }
  let hex = '';
  for (let cell = 0; cell < SIGNATURE_CELLS * SIGNATURE_CELLS; cell += 1) {
    const count = Math.max(1, sums[cell * 4 + 3]);
    for (let channel = 0; channel < 3; channel += 1) hex += Math.round(sums[cell * 4 + channel] / count).toString(16).padStart(2, '0');
  }
  return hex;
}

export function measurePixels(rgb: Uint8Array, width: number, height: number): PixelMeasures {
  const luminance = luminanceOf(rgb, width * height);
  return { sharpness: sharpnessOf(luminance, width, height), ...exposureOf(luminance), colourSignature: signatureOf(rgb, width, height) };
}

/**
 * How far apart two colour signatures are in chromaticity (each cell's share of red and of green in its R+G+B), 0 to
 * 1: a brighter or darker copy of a picture stays close, the same composition in other colours does not. Undefined
 * when either is missing (a photo processed before signatures).
 */
export function colourDistance(a: string | null | undefined, b: string | null | undefined): number | undefined {
  if (!a || !b || a.length !== b.length) return undefined;
  let total = 0;
  const cells = a.length / 6;
  for (let cell = 0; cell < cells; cell += 1) {
    const read = (hex: string) => [0, 1, 2].map((channel) => parseInt(hex.slice(cell * 6 + channel * 2, cell * 6 + channel * 2 + 2), 16));
    const [ra, ga, ba] = read(a);
    const [rb, gb, bb] = read(b);
    const sumA = ra + ga + ba + 3;
    const sumB = rb + gb + bb + 3;
    total += Math.abs((ra + 1) / sumA - (rb + 1) / sumB) + Math.abs((ga + 1) / sumA - (gb + 1) / sumB);
  }
  return total / cells;
}

