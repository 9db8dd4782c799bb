// The sizes a photo is served in (issues 30, 45): the front end appends =wN, =hN or =w0 to a photo's url; a width is
// snapped up to one of a few widths and a height to one of as many heights, never past the master's, so a handful of
// files per photo serve every layout.
import sharp from 'sharp';

/** The widths (=wN) and heights (=hN) made on demand; anything larger than the largest is the master itself. */
export const SERVED_STEPS = [200, 400, 800, 1600] as const;

const DERIVATIVE_QUALITY = 82;

/** What a request asked for: a width or a height in pixels, 0 for the full size. */
export interface RequestedSize {
  side: 'w' | 'h';
  pixels: number;
}

/** The size of "=w400", "=h300", "=w0", or the full size when there is no suffix; undefined for anything else. */
export function parseRequestedSize(suffix: string | undefined): RequestedSize | undefined {
  if (suffix === undefined || suffix === '') return { side: 'w', pixels: 0 };
  const match = /^=([wh])(\d{1,5})$/.exec(suffix);
  return match ? { side: match[1] as 'w' | 'h', pixels: Number(match[2]) } : undefined;
}

/** A derivative: the master scaled down to this width or this height. */
export interface ServedSize {
  side: 'w' | 'h';
  pixels: number;
}

/**
 * The served size for a request on a master of width x height: the smallest step at or above the asked width or
 * height, on the side asked, or null for the master itself (full size asked, or no smaller step covers the request):
 * a derivative is never larger than its master.
 */
export function servedSize(asked: RequestedSize, master: { width: number; height: number }): ServedSize | null {
  if (asked.pixels === 0) return null;
  const snapped = SERVED_STEPS.find((step) => step >= asked.pixels);
  const masterSide = asked.side === 'w' ? master.width : master.height;
  return snapped === undefined || snapped >= masterSide ? null : { side: asked.side, pixels: snapped };
}

/** A photo's files live in a folder of their own, named by a random id: its key says nothing of its owner. */
export const masterKeyOf = (originalKey: string) => originalKey.replace(/\/original\.[a-z]+$/, '/master.jpg');

/** The tag of a turned photo's master ("master-r90-1a2b3c4d.jpg" has "-r90-1a2b3c4d"), empty for the first master. */
const masterTagOf = (masterKey: string) => /\/master(-[a-z0-9-]+)?\.jpg$/.exec(masterKey)?.[1] ?? '';

/**
 * Where the derivative of that size is cached ("w400.jpg", "h200.jpg"): beside the master, in the photo's own folder,
 * tagged as its master is, so that the sizes of one turn are never taken for another's.
 */
export const derivativeKeyOf = (masterKey: string, size: ServedSize) =>
  masterKey.replace(/\/[^/]+$/, `/${size.side}${size.pixels}${masterTagOf(masterKey)}.jpg`);

/** Every derivative a master may have, for deleting a photo's files. */
export const derivativeKeysOf = (masterKey: string) => SERVED_STEPS.flatMap((pixels) =>
  (['w', 'h'] as const).map((side) => derivativeKeyOf(masterKey, { side, pixels })));

/** The master scaled down to the size (sRGB already, so no profile is needed: browsers assume sRGB). */
export function renderDerivative(master: Buffer, size: ServedSize): Promise<Buffer> {
  const resize = size.side === 'w' ? { width: size.pixels } : { height: size.pixels };
  return sharp(master).resize({ ...resize, withoutEnlargement: true }).jpeg({ quality: DERIVATIVE_QUALITY }).toBuffer();
}
