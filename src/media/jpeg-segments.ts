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
 * Scans a photo's JPEG may hold. Encoders write 1 (baseline) to about 10 (libjpeg's progressive script; mozjpeg's
 * searched scripts stay under 70); a progressive decoder redraws the whole image at each, and a 1.6 MB file of
 * 2,647 scans took 105 s and 3.5 GB to decode.
 */
export const MAX_JPEG_SCANS = 100;

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

/** Where the entropy-coded data that starts at `from` ends: at the next marker that is not a restart marker; -1 when none. */
function endOfScan(jpeg: Buffer, from: number): number {
  let position = from;
  for (;;) {
    position = jpeg.indexOf(MARKER, position);
    if (position < 0 || position + 1 >= jpeg.length) return -1;
    const next = jpeg[position + 1];
    // FF 00 is a stuffed data byte, FF D0-D7 a restart marker, FF FF fill: all part of the scan.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === MARKER) position += next === MARKER ? 1 : 2;
    else return position;
  }
}

/** A marker with its segment (from the marker to the segment's end) and, for a scan, its entropy-coded data after. */
interface Segment { marker: number; start: number; end: number; dataEnd: number }

/**
 * The JPEG's markers in order after SOI, up to and with EOI; `false` last when the structure does not add up (a
 * length past the end, no end-of-image marker, a second SOI).
 */
function* segments(jpeg: Buffer): Generator<Segment | false> {
  if (jpeg.length < 4 || jpeg[0] !== MARKER || jpeg[1] !== SOI) return yield false;
  let position = 2;
  for (;;) {
    // Stray bytes where a marker belongs are skipped, as libjpeg does ("extraneous bytes before marker").
    let markerAt = jpeg.indexOf(MARKER, position);
    if (markerAt < 0) return yield false;
    while (markerAt + 1 < jpeg.length && jpeg[markerAt + 1] === MARKER) markerAt += 1; // fill bytes before a marker
    if (markerAt + 1 >= jpeg.length) return yield false;
    const marker = jpeg[markerAt + 1];
    if (marker === SOI || marker === 0x00) return yield false;
    if (marker === EOI || isStandalone(marker)) {
      yield { marker, start: markerAt, end: markerAt + 2, dataEnd: markerAt + 2 };
      if (marker === EOI) return;
      position = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > jpeg.length) return yield false;
    const length = jpeg.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > jpeg.length) return yield false;
    const dataEnd = marker === SOS ? endOfScan(jpeg, end) : end;
    if (dataEnd < 0) return yield false;
    yield { marker, start: markerAt, end, dataEnd };
    position = dataEnd;
  }
}

/**
 * The JPEG with only the segments that decoding needs (frame, tables, scans, restart intervals) and the kept APPn
 * above; anything after the end-of-image marker is dropped too. A structure that does not add up (a length past
 * the end, no end-of-image marker, no scan) throws InvalidImageError.
 */
export function jpegWithoutMetadata(jpeg: Buffer): Buffer {
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let scans = 0;
  for (const segment of segments(jpeg)) {
    if (!segment) return refuse();
    const { marker, start, end, dataEnd } = segment;
    if (marker === EOI && scans === 0) return refuse();
    if (marker === EOI || isStandalone(marker) || keepsSegment(jpeg, marker, start + 4, end)) kept.push(jpeg.subarray(start, end));
    if (marker === SOS) {
      scans += 1;
      kept.push(jpeg.subarray(end, dataEnd));
    }
    if (marker === EOI) return Buffer.concat(kept);
  }
  return refuse();
}

/**
 * The scans (SOS segments) a JPEG holds, counted up to `atMost + 1` at most: a progressive JPEG decodes its whole
 * image again at every scan, so thousands of them cost minutes. A structure that does not add up ends the count
 * (the decoder judges such a file).
 */
export function jpegScanCount(jpeg: Buffer, atMost: number): number {
  let scans = 0;
  for (const segment of segments(jpeg)) {
    if (!segment || scans > atMost) break;
    if (segment.marker === SOS) scans += 1;
  }
  return scans;
}
