// What a HEIF/HEIC file's container says about its primary image, read from the ISOBMFF boxes without decoding:
// size (ispe), colour (colr: an ICC profile or nclx primaries) and the rotation and mirror (irot, imir) it is shown with.

/** Major or compatible brands of a still HEIF image (HEVC or otherwise); AVIF ('avif') is decoded by sharp itself. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The colour a HEIF image declares: an embedded ICC profile, or nclx code points (ITU-T H.273). */
export type HeifColour =
  | { kind: 'icc'; profile: Buffer }
  | { kind: 'nclx'; primaries: number; transfer: number };

export interface HeifContainer {
  /** The primary image's size as shown, after its rotation (ispe, swapped by a quarter turn). */
  width: number;
  height: number;
  /** The rotation and mirror as an EXIF orientation (1 to 8), the transform a viewer applies to show it upright. */
  orientation: number;
  colour: HeifColour | null;
}

/**
 * Bounds on what is read, so that reading a container costs little whatever it claims: a camera's ftyp lists a few
 * brands (a 50 MB one listing 12.5 million held the upload for seconds), a HEIF's levels hold tens of boxes and its
 * ipma one entry per item. Past them the file is not one this service reads.
 */
const MAX_FTYP_BYTES = 1024;
const MAX_BOXES_PER_LEVEL = 1024;
const MAX_ITEM_ASSOCIATIONS = 4096;

interface Box { type: string; start: number; end: number }

function* boxes(file: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  for (let count = 0; at + 8 <= end && count < MAX_BOXES_PER_LEVEL; count += 1) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(file.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(file: Buffer, parent: Box, type: string, fullBox = false): Box | undefined {
  for (const box of boxes(file, parent.start + (fullBox ? 4 : 0), parent.end)) if (box.type === type) return box;
  return undefined;
}

/** True when the file starts with an ftyp box (of at most MAX_FTYP_BYTES) naming a HEIF still-image brand. */
export function isHeif(file: Buffer): boolean {
  if (file.length < 16 || file.toString('latin1', 4, 8) !== 'ftyp') return false;
  const size = file.readUInt32BE(0);
  if (size < 16 || size > Math.min(MAX_FTYP_BYTES, file.length)) return false;
  let heif = HEIF_BRANDS.has(file.toString('latin1', 8, 12));
  for (let at = 16; at + 4 <= size; at += 4) {
    const brand = file.toString('latin1', at, at + 4);
    if (brand === 'avif') return false;
    heif ||= HEIF_BRANDS.has(brand);
  }
  return heif && file.toString('latin1', 8, 12) !== 'avif';
}

/** Property indexes (1-based, into ipco) associated with the primary item, in their order (which is the order of transforms). */
function primaryAssociations(file: Buffer, meta: Box, iprp: Box): number[] | undefined {
  const pitm = child(file, meta, 'pitm', true);
  const ipma = child(file, iprp, 'ipma');
  if (!pitm || !ipma) return undefined;
  const primary = file[pitm.start] === 0 ? file.readUInt16BE(pitm.start + 4) : file.readUInt32BE(pitm.start + 4);
  const version = file[ipma.start];
  const wideIndexes = (file[ipma.start + 3] & 1) === 1;
  let at = ipma.start + 4;
  const entries = Math.min(file.readUInt32BE(at), MAX_ITEM_ASSOCIATIONS);
  at += 4;
  for (let entry = 0; entry < entries && at < ipma.end; entry += 1) {
    const item = version < 1 ? file.readUInt16BE(at) : file.readUInt32BE(at);
    at += version < 1 ? 2 : 4;
    const count = file[at];
    at += 1;
    const indexes: number[] = [];
    for (let association = 0; association < count; association += 1) {
      indexes.push(wideIndexes ? file.readUInt16BE(at) & 0x7fff : file[at] & 0x7f);
      at += wideIndexes ? 2 : 1;
    }
    if (item === primary) return indexes;
  }
  return undefined;
}

function readColour(file: Buffer, box: Box): HeifColour | null {
  const kind = file.toString('latin1', box.start, box.start + 4);
  if (kind === 'prof' || kind === 'rICC') return { kind: 'icc', profile: Buffer.from(file.subarray(box.start + 4, box.end)) };
  if (kind === 'nclx') return { kind: 'nclx', primaries: file.readUInt16BE(box.start + 4), transfer: file.readUInt16BE(box.start + 6) };
  return null;
}

/** EXIF orientation of "rotate `clockwise` quarter turns, then mirror left-right when `mirrored`". */
const ORIENTATION_OF = { plain: [1, 6, 3, 8], mirrored: [2, 5, 4, 7] };

/**
 * irot turns counter-clockwise; imir mirrors about a vertical (axis 0, left-right) or horizontal (axis 1) axis. They
 * apply in their order of association; a mirror before a turn equals the opposite turn before the mirror.
 */
type Transform = { rotate: number } | { mirrorAxis: number };

function orientationOf(transforms: Transform[]): number {
  let clockwise = 0;
  let mirrored = false;
  for (const transform of transforms) {
    if ('rotate' in transform) {
      clockwise = (clockwise + (mirrored ? transform.rotate : 4 - transform.rotate)) % 4;
    } else {
      // A top-bottom mirror is a half turn then a left-right mirror (a half turn commutes with a mirror).
      if (transform.mirrorAxis === 1) clockwise = (clockwise + 2) % 4;
      mirrored = !mirrored;
    }
  }
  return (mirrored ? ORIENTATION_OF.mirrored : ORIENTATION_OF.plain)[clockwise];
}

/** The primary image's container facts, or undefined when the file is not a HEIF still image one can read. */
export function readHeifContainer(file: Buffer): HeifContainer | undefined {
  if (!isHeif(file)) return undefined;
  const whole: Box = { type: 'file', start: 0, end: file.length };
  const meta = child(file, whole, 'meta');
  const iprp = meta && child(file, meta, 'iprp', true);
  const ipco = iprp && child(file, iprp, 'ipco');
  if (!meta || !iprp || !ipco) return undefined;
  const properties = [...boxes(file, ipco.start, ipco.end)];
  const associated = primaryAssociations(file, meta, iprp)?.map((index) => properties[index - 1]).filter(Boolean) ?? properties;
  const ispe = associated.find((box) => box.type === 'ispe');
  if (!ispe || ispe.end - ispe.start < 12) return undefined;
  const transforms = associated.flatMap((box): Transform[] => box.type === 'irot' ? [{ rotate: file[box.start] & 3 }]
    : box.type === 'imir' ? [{ mirrorAxis: file[box.start] & 1 }] : []);
  // A grid's tiles often carry the colour instead of the grid item: fall back to any colr in the file.
  const colr = associated.find((box) => box.type === 'colr') ?? properties.find((box) => box.type === 'colr');
  const stored = { width: file.readUInt32BE(ispe.start + 4), height: file.readUInt32BE(ispe.start + 8) };
  const orientation = orientationOf(transforms);
  const quarterTurn = orientation >= 5;
  return {
    width: quarterTurn ? stored.height : stored.width,
    height: quarterTurn ? stored.width : stored.height,
    orientation,
    colour: colr ? readColour(file, colr) : null,
  };
}
