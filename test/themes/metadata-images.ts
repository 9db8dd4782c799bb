// Photos carrying every kind of metadata a camera or an editor writes, with a colour profile that must survive.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { noiseImage, pngChunk } from './images';

export type Format = 'jpeg' | 'png' | 'webp';

/** Strings that each sit in one metadata block: none may be left in a stored file. */
export const SECRETS = {
  exif: 'CAMERA-SERIAL-4711',
  xmp: 'XMP-CREATOR-0815',
  iptc: 'IPTC-BYLINE-2207',
  comment: 'COMMENT-TEXT-1999',
} as const;

const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${SECRETS.xmp}"/></rdf:RDF></x:xmpmeta>`;

/** A JPEG segment: marker, big-endian length (which counts itself), payload. */
export function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** APP13 as Photoshop writes it: an image resource block 0x0404 holding an IPTC-IIM By-line (2:80) record. */
function iptcSegment(): Buffer {
  const byline = Buffer.from(SECRETS.iptc, 'latin1');
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0, byline.length]), byline]);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'), Buffer.from([0x04, 0x04, 0, 0]), Buffer.from([0, 0, 0, record.length]), record,
    Buffer.alloc(record.length % 2),
  ]);
  return jpegSegment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]));
}

/** Inserts bytes right after the JPEG's start-of-image marker or the PNG's IHDR chunk. */
const inserted = (image: Buffer, at: number, extra: Buffer[]) => Buffer.concat([image.subarray(0, at), ...extra, image.subarray(at)]);

/**
 * A 96 x 64 noise photo in the format with a Display P3 ICC profile, EXIF (camera serial, GPS position, the
 * orientation given) and XMP; JPEGs also carry IPTC (APP13) and a COM comment, PNGs tEXt, zTXt, iTXt and tIME
 * chunks. WebP has no IPTC or comment block of its own (both live in its XMP).
 */
export async function photoWithMetadata(format: Format, orientation = 1): Promise<Buffer> {
  const image = await noiseImage(96, 64)
    .withMetadata({ orientation })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: SECRETS.exif },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 4/1' },
    })
    .withXmp(XMP)
    .toFormat(format)
    .toBuffer();
  if (format === 'jpeg') return inserted(image, 2, [iptcSegment(), jpegSegment(0xfe, Buffer.from(SECRETS.comment, 'latin1'))]);
  if (format === 'png') {
    const comment = Buffer.from(`Comment\0${SECRETS.comment}`, 'latin1');
    return inserted(image, 8 + 25, [
      pngChunk('tEXt', comment),
      pngChunk('zTXt', Buffer.concat([Buffer.from('Author\0\0', 'latin1'), deflateSync(Buffer.from(SECRETS.iptc))])),
      pngChunk('iTXt', Buffer.from(`Description\0\0\0\0\0${SECRETS.comment}`, 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 24, 4, 30, 0])),
    ]);
  }
  return image;
}

/**
 * The secrets and the signatures of metadata blocks found in the bytes: EXIF's and XMP's headers, Photoshop's IPTC
 * block, and the chunk types of PNG's and WebP's metadata (compressed text shows only as its chunk type).
 */
export function metadataIn(image: Buffer): string[] {
  const signatures = ['Exif\0\0', 'http://ns.adobe.com/xap/1.0/', 'XML:com.adobe.xmp', 'Photoshop 3.0', 'eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME', 'EXIF', 'XMP '];
  return [...Object.values(SECRETS), ...signatures].filter((found) => image.includes(found, 0, 'latin1'));
}

export const decodedPixels = (image: Buffer) => sharp(image).raw().toBuffer();
