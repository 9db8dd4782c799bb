import { expect } from 'chai';
import sharp from 'sharp';
import { InvalidImageError } from '../../src/media/image-check';
import { jpegWithoutMetadata } from '../../src/media/jpeg-segments';
import { pngWithoutMetadata } from '../../src/media/png-chunks';
import { webpWithoutMetadata } from '../../src/media/webp-chunks';
import { noiseImage } from '../themes/images';
import { type Format, decodedPixels, jpegSegment, metadataIn, photoWithMetadata } from '../themes/metadata-images';

const WITHOUT_METADATA: Record<Format, (image: Buffer) => Buffer> = {
  jpeg: jpegWithoutMetadata,
  png: pngWithoutMetadata,
  webp: webpWithoutMetadata,
};
const FORMATS = Object.keys(WITHOUT_METADATA) as Format[];

/** What a parser does with bytes: the rewritten image, or 'refused' for InvalidImageError (anything else throws on). */
function outcome(format: Format, bytes: Buffer): Buffer | 'refused' {
  try {
    return WITHOUT_METADATA[format](bytes);
  } catch (error) {
    if (error instanceof InvalidImageError) return 'refused';
    throw error;
  }
}

/** The image data a decoder reads: a JPEG from its first scan on, a PNG's IDAT chunks, a WebP's VP8/VP8L chunk. */
function compressedData(format: Format, image: Buffer): Buffer {
  if (format === 'jpeg') return image.subarray(image.indexOf(Buffer.from([0xff, 0xda])));
  if (format === 'png') return image.subarray(image.indexOf('IDAT') - 4, image.indexOf('IEND') - 4);
  const chunk = image.indexOf('VP8 ');
  return image.subarray(chunk, chunk + 8 + image.readUInt32LE(chunk + 4));
}

describe('image containers rewritten without their metadata', () => {
  const photos = {} as Record<Format, Buffer>;
  before(async () => {
    for (const format of FORMATS) photos[format] = await photoWithMetadata(format);
  });

  for (const format of FORMATS) {
    describe(format, () => {
      it('drops EXIF (GPS, serial), XMP, IPTC and comments, and keeps the ICC profile and the compressed pixels', async () => {
        const photo = photos[format];
        expect(metadataIn(photo)).to.not.deep.equal([]);
        const stripped = WITHOUT_METADATA[format](photo);
        expect(metadataIn(stripped)).to.deep.equal([]);
        const [before, after] = await Promise.all([sharp(photo).metadata(), sharp(stripped).metadata()]);
        expect([after.exif, after.xmp, after.iptc, after.comments]).to.deep.equal([undefined, undefined, undefined, undefined]);
        expect(after.icc?.equals(before.icc!), 'ICC profile kept').to.equal(true);
        expect((await decodedPixels(stripped)).equals(await decodedPixels(photo)), 'same pixels').to.equal(true);
        expect(compressedData(format, stripped).equals(compressedData(format, photo)), 'image data copied').to.equal(true);
      });

      it('leaves a file without metadata byte for byte as it was', async () => {
        const plain = await noiseImage(64, 48).toFormat(format).toBuffer();
        expect(WITHOUT_METADATA[format](plain).equals(plain)).to.equal(true);
      });

      it('drops bytes appended after the image', () => {
        const appended = Buffer.concat([photos[format], Buffer.from('APPENDED-VIDEO-OR-SECRET')]);
        if (format === 'webp') appended.writeUInt32LE(photos.webp.readUInt32LE(4), 4);
        expect(WITHOUT_METADATA[format](appended).includes('APPENDED')).to.equal(false);
      });

      it('refuses every truncation of the file', () => {
        const photo = photos[format];
        for (let length = 0; length < photo.length; length += 1) {
          expect(outcome(format, photo.subarray(0, length)), `first ${length} of ${photo.length} bytes`).to.equal('refused');
        }
      });

      it('never fails otherwise and always ends on damaged bytes (4,000 random corruptions)', () => {
        const photo = photos[format];
        let state = 20261124;
        const random = (below: number) => {
          state = (state * 1103515245 + 12345) & 0x7fffffff;
          return state % below;
        };
        for (let round = 0; round < 4000; round += 1) {
          const damaged = Buffer.from(photo);
          // Most damage in the headers, where the lengths are.
          for (let hit = 0; hit <= random(4); hit += 1) damaged[random(round % 2 ? 200 : damaged.length)] = random(256);
          expect(() => outcome(format, damaged), `round ${round}`).to.not.throw();
        }
      });
    });
  }

  it('keeps a progressive JPEG\'s scans and the tables between them', async () => {
    const photo = await noiseImage(96, 64).withExif({ IFD0: { Model: 'CAMERA-SERIAL-4711' } }).jpeg({ progressive: true }).toBuffer();
    const stripped = jpegWithoutMetadata(photo);
    expect(stripped.includes('CAMERA-SERIAL-4711')).to.equal(false);
    expect((await decodedPixels(stripped)).equals(await decodedPixels(photo))).to.equal(true);
  });

  it('skips stray bytes between JPEG segments, as the decoder does', async () => {
    const plain = await noiseImage(16, 16).jpeg().toBuffer();
    const afterFirstSegment = 4 + plain.readUInt16BE(4);
    const stray = Buffer.concat([plain.subarray(0, afterFirstSegment), Buffer.alloc(3), plain.subarray(afterFirstSegment)]);
    const decoded = await sharp(stray, { failOn: 'truncated' }).raw().toBuffer();
    expect(decoded.equals(await decodedPixels(plain)), 'the decoder reads it as the service does').to.equal(true);
    expect(jpegWithoutMetadata(stray).equals(plain)).to.equal(true);
  });

  it('refuses JPEG segments whose length is too short or runs past the end, and a JPEG without a scan', async () => {
    const plain = await noiseImage(16, 16).jpeg().toBuffer();
    const withSegment = (segment: Buffer) => Buffer.concat([plain.subarray(0, 2), segment, plain.subarray(2)]);
    const pastTheEnd = jpegSegment(0xfe, Buffer.from('comment'));
    pastTheEnd.writeUInt16BE(0xffff, 2);
    const tooShort = Buffer.from([0xff, 0xfe, 0x00, 0x01]);
    const noScan = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    for (const bytes of [withSegment(pastTheEnd), withSegment(tooShort), noScan]) expect(outcome('jpeg', bytes)).to.equal('refused');
  });

  it('refuses PNG chunks whose length runs past the end and a PNG that does not start with IHDR', () => {
    const png = photos.png;
    const huge = Buffer.from(png);
    huge.writeUInt32BE(0xffffffff, 8);
    const noHeader = Buffer.concat([png.subarray(0, 8), png.subarray(8 + 25)]);
    expect([outcome('png', huge), outcome('png', noHeader)]).to.deep.equal(['refused', 'refused']);
  });

  it('clears the EXIF and XMP flags of a WebP\'s VP8X chunk, keeps the ICC flag and makes the RIFF size match', () => {
    const stripped = webpWithoutMetadata(photos.webp);
    expect(photos.webp[20] & 0x2c).to.equal(0x2c);
    expect(stripped[20] & 0x2c).to.equal(0x20);
    expect(stripped.readUInt32LE(4)).to.equal(stripped.length - 8);
  });

  it('refuses WebP chunks and RIFF sizes that run past the end', () => {
    const webp = photos.webp;
    const riffTooLong = Buffer.from(webp);
    riffTooLong.writeUInt32LE(webp.length, 4);
    const chunkTooLong = Buffer.from(webp);
    chunkTooLong.writeUInt32LE(0xfffffff0, webp.indexOf('XMP ') + 4);
    expect([outcome('webp', riffTooLong), outcome('webp', chunkTooLong)]).to.deep.equal(['refused', 'refused']);
  });
});
