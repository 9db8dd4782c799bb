// A JPEG without its metadata, by rewriting its segments: the compressed image data is copied as it came, so the
// pixels and the size stay the upload's. Marker layout: ITU T.81 annex B; APPn conventions: JFIF, Exif, ICC, Adobe.
import { refuseImage as refuse } from './image-check';

const MARKER = 0xff;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP15 = 0xef;
const COM = 0xfe;

/**
 * APPn segments that describe how to decode or display the pixels, each known by its identifier. Every other APPn
 * (EXIF and XMP in APP1, MPF and its appended images in APP2, IPTC in APP13, makers' blocks) and every COM goes.
 */
const KEPT_APPLICATION_SEGMENTS: ReadonlyArray<{ marker: number; identifier: string }> = [
  { marker: 0xe0, identifier: 'JFIF\0' },
  { marker: 0xe2, identifier: 'ICC_PROFILE\0' },
  { marker: 0xee, identifier: 'Adobe' },
];

const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function keepsSegment(jpeg: Buffer, marker: number, start: number, end: number): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > APP15) return true;
  return KEPT_APPLICATION_SEGMENTS.some(({ marker: kept, identifier }) =>
    kept === marker && end - start >= identifier.length && jpeg.toString('latin1', start, start + identifier.length) === identifier);
}

/** Where the entropy-coded data that starts at `from` ends: at the next marker that is not a restart marker. */
function endOfScan(jpeg: Buffer, from: number): number {
  let position = from;
  for (;;) {
    position = jpeg.indexOf(MARKER, position);
    if (position < 0 || position + 1 >= jpeg.length) return refuse();
    const next = jpeg[position + 1];
    // FF 00 is a stuffed data byte, FF D0-D7 a restart marker, FF FF fill: all part of the scan.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === MARKER) position += next === MARKER ? 1 : 2;
    else return position;
  }
}

/**
 * The JPEG with only the segments that decoding needs (frame, tables, scans, restart intervals) and the kept APPn
 * above; anything after the end-of-image marker is dropped too. A structure that does not add up (a length past
 * the end, no end-of-image marker, no scan) throws InvalidImageError.
 */
export function jpegWithoutMetadata(jpeg: Buffer): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== MARKER || jpeg[1] !== SOI) return refuse();
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let position = 2;
  let scans = 0;
  for (;;) {
    // Stray bytes where a marker belongs are skipped, as libjpeg does ("extraneous bytes before marker").
    let markerAt = jpeg.indexOf(MARKER, position);
    if (markerAt < 0) return refuse();
    while (markerAt + 1 < jpeg.length && jpeg[markerAt + 1] === MARKER) markerAt += 1; // fill bytes before a marker
    if (markerAt + 1 >= jpeg.length) return refuse();
    const marker = jpeg[markerAt + 1];
    if (marker === EOI) {
      if (scans === 0) return refuse();
      kept.push(jpeg.subarray(markerAt, markerAt + 2));
      return Buffer.concat(kept);
    }
    if (marker === SOI || marker === 0x00) return refuse();
    if (isStandalone(marker)) {
      kept.push(jpeg.subarray(markerAt, markerAt + 2));
      position = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > jpeg.length) return refuse();
    const length = jpeg.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > jpeg.length) return refuse();
    if (keepsSegment(jpeg, marker, markerAt + 4, end)) kept.push(jpeg.subarray(markerAt, end));
    position = end;
    if (marker === SOS) {
      scans += 1;
      position = endOfScan(jpeg, end);
      kept.push(jpeg.subarray(end, position));
    }
  }
}
