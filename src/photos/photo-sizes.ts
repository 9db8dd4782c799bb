// The sizes a photo is served in (issue 30): the front end appends =wN, =hN or =w0 to a photo's url; a request is
// snapped up to one of a few widths, never past the master's, so a handful of files per photo serve every layout.
import sharp from 'sharp';

/** The widths made on demand; anything wider than the largest is the master itself. */
export const SERVED_WIDTHS = [200, 400, 800, 1600] as const;

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

/**
 * The served width for a request on a master of width x height: the smallest served width that is at least the
 * asked one (a height asks for the width that gives it), or null for the master itself (full size asked, or no
 * smaller served width covers the request): a derivative is never larger than its master.
 */
export function servedWidth(asked: RequestedSize, master: { width: number; height: number }): number | null {
  if (asked.pixels === 0) return null;
  const width = asked.side === 'w' ? asked.pixels : Math.ceil((asked.pixels * master.width) / master.height);
  const snapped = SERVED_WIDTHS.find((served) => served >= width);
  return snapped === undefined || snapped >= master.width ? null : snapped;
}

/** A photo's files live in a folder of their own, named by a random id: its key says nothing of its owner. */
export const masterKeyOf = (originalKey: string) => originalKey.replace(/\/original\.[a-z]+$/, '/master.jpg');

/** The tag of a turned photo's master ("master-r90-1a2b3c4d.jpg" has "-r90-1a2b3c4d"), empty for the first master. */
const masterTagOf = (masterKey: string) => /\/master(-[a-z0-9-]+)?\.jpg$/.exec(masterKey)?.[1] ?? '';

/**
 * Where the derivative of that width is cached: beside the master, in the photo's own folder, tagged as its master
 * is, so that the sizes of one turn are never taken for another's.
 */
export const derivativeKeyOf = (masterKey: string, width: number) =>
  masterKey.replace(/\/[^/]+$/, `/w${width}${masterTagOf(masterKey)}.jpg`);

/** Every derivative a master may have, for deleting a photo's files. */
export const derivativeKeysOf = (masterKey: string) => SERVED_WIDTHS.map((width) => derivativeKeyOf(masterKey, width));

/** The master scaled down to width (sRGB already, so no profile is needed: browsers assume sRGB). */
export function renderDerivative(master: Buffer, width: number): Promise<Buffer> {
  return sharp(master).resize({ width, withoutEnlargement: true }).jpeg({ quality: DERIVATIVE_QUALITY }).toBuffer();
}
