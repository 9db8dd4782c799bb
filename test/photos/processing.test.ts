import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import sharp from 'sharp';
import {
  NEAR_DUPLICATE_BITS, UnprocessablePhotoError, hashDistance, inspectPhoto, nearDuplicates, processPhoto,
  type ProcessingOptions,
} from '../../src/photos/processing';
import { QUADRANTS, UPRIGHT, adobeRgbProfile, orientedJpeg, photoLike } from './photo-images';

const OPTIONS: ProcessingOptions = { maxPixels: 50_000_000, uploadTime: new Date('2026-01-02T03:04:05Z') };

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

function expectClose(actual: number[], expected: number[], tolerance: number) {
  actual.forEach((value, index) => expect(Math.abs(value - expected[index]), `${actual} vs ${expected}`).to.be.at.most(tolerance));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

/** A picture in sRGB converted to the given profile (built-in name or file), as the camera or editor would store it. */
async function inProfile(profile: string, srgb: number[]): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: { r: srgb[0], g: srgb[1], b: srgb[2] } } })
    .withIccProfile(profile).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
}

describe('photos: processing a shopper\'s photo for print', () => {
  describe('orientation', () => {
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
      it(`EXIF orientation ${orientation} comes out upright, at its size and without enlargement`, async () => {
        const photo = await processPhoto(await orientedJpeg(orientation), OPTIONS);
        expect(photo.orientation).to.equal(orientation);
        expect([photo.width, photo.height]).to.deep.equal([UPRIGHT.width, UPRIGHT.height]);
        const master = await sharp(photo.master).metadata();
        expect([master.width, master.height, master.format, master.orientation]).to.deep.equal([UPRIGHT.width, UPRIGHT.height, 'jpeg', undefined]);
        const { width: W, height: H } = UPRIGHT;
        expectClose(await pixelAt(photo.master, W / 4, H / 4), QUADRANTS.topLeft, 12);
        expectClose(await pixelAt(photo.master, (3 * W) / 4, H / 4), QUADRANTS.topRight, 12);
        expectClose(await pixelAt(photo.master, W / 4, (3 * H) / 4), QUADRANTS.bottomLeft, 12);
        expectClose(await pixelAt(photo.master, (3 * W) / 4, (3 * H) / 4), QUADRANTS.bottomRight, 12);
      });
    }
  });

  describe('colour', () => {
    const SATURATED_GREEN = [40, 190, 50];

    it('converts a Display P3 JPEG to sRGB, where treating it as sRGB would be dull, and tags the master sRGB', async () => {
      const p3 = await inProfile('p3', SATURATED_GREEN);
      const asIfSrgb = [...(await sharp(p3, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)];
      expect(Math.max(...asIfSrgb.map((value, index) => Math.abs(value - SATURATED_GREEN[index])))).to.be.at.least(15);
      const photo = await processPhoto(p3, OPTIONS);
      const master = await sharp(photo.master).metadata();
      const srgb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).withIccProfile('srgb').png().toBuffer();
      expect(master.icc?.equals((await sharp(srgb).metadata()).icc as Buffer)).to.equal(true);
      expectClose([...(await sharp(photo.master, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)], SATURATED_GREEN, 3);
    });

    it('converts an Adobe RGB (1998) JPEG to sRGB', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'adobe-rgb-'));
      try {
        const profile = join(folder, 'AdobeRGB1998.icc');
        writeFileSync(profile, adobeRgbProfile());
        const adobe = await inProfile(profile, SATURATED_GREEN);
        const asIfSrgb = [...(await sharp(adobe, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)];
        expect(Math.max(...asIfSrgb.map((value, index) => Math.abs(value - SATURATED_GREEN[index])))).to.be.at.least(15);
        const photo = await processPhoto(adobe, OPTIONS);
        expectClose([...(await sharp(photo.master, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)], SATURATED_GREEN, 3);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it('flattens transparency on white paper', async () => {
      const clear = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
      const photo = await processPhoto(clear, OPTIONS);
      expectClose(await pixelAt(photo.master, 4, 4), [255, 255, 255], 2);
      expect(photo.format).to.equal('png');
    });
  });

  describe('capture time', () => {
    async function withExif(original: Record<string, string>): Promise<Buffer> {
      return sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
        .jpeg().withExif({ IFD0: { Make: 'Test camera' }, IFD2: original }).toBuffer();
    }

    it('keeps the instant and the offset of DateTimeOriginal with OffsetTimeOriginal', async () => {
      const east = await processPhoto(await withExif({ DateTimeOriginal: '2024:06:01 10:20:30', OffsetTimeOriginal: '+02:00' }), OPTIONS);
      expect(east.capturedAt).to.deep.equal({ instant: new Date('2024-06-01T08:20:30Z'), offsetMinutes: 120, source: 'exif' });
      const west = await processPhoto(await withExif({ DateTimeOriginal: '2024:12:31 23:30:00', OffsetTimeOriginal: '-05:30', SubSecTimeOriginal: '25' }), OPTIONS);
      expect(west.capturedAt).to.deep.equal({ instant: new Date('2025-01-01T05:00:00.250Z'), offsetMinutes: -330, source: 'exif' });
    });

    it('reads a DateTimeOriginal without offset as UTC wall time, offset unknown', async () => {
      const photo = await processPhoto(await withExif({ DateTimeOriginal: '2024:06:01 10:20:30' }), OPTIONS);
      expect(photo.capturedAt).to.deep.equal({ instant: new Date('2024-06-01T10:20:30Z'), offsetMinutes: null, source: 'exif' });
    });

    it('falls back on the file time, then the upload time, when EXIF has no usable date', async () => {
      const fileTime = new Date('2023-05-06T07:08:09Z');
      const blank = await withExif({ DateTimeOriginal: '0000:00:00 00:00:00' });
      expect((await processPhoto(blank, { ...OPTIONS, fileTime })).capturedAt).to.deep.equal({ instant: fileTime, offsetMinutes: null, source: 'file' });
      const none = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();
      expect((await processPhoto(none, OPTIONS)).capturedAt).to.deep.equal({ instant: OPTIONS.uploadTime, offsetMinutes: null, source: 'upload' });
    });
  });

  describe('perceptual hash', () => {
    it('finds the same photo resized, re-encoded at low quality or slightly brightened near, and different photos not', async () => {
      const original = await photoLike();
      const variants = [
        await sharp(original).resize(320).jpeg({ quality: 80 }).toBuffer(),
        await sharp(original).jpeg({ quality: 30 }).toBuffer(),
        await sharp(original).modulate({ brightness: 1.08 }).jpeg({ quality: 90 }).toBuffer(),
        await sharp(original).webp({ quality: 50 }).toBuffer(),
      ];
      const hash = (await processPhoto(original, OPTIONS)).perceptualHash;
      expect(hash).to.match(/^[0-9a-f]{16}$/);
      for (const variant of variants) {
        const other = (await processPhoto(variant, OPTIONS)).perceptualHash;
        expect(nearDuplicates(hash, other), `distance ${hashDistance(hash, other)}`).to.equal(true);
      }
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const other = (await processPhoto(await photoLike(), OPTIONS)).perceptualHash;
        expect(hashDistance(hash, other)).to.be.above(NEAR_DUPLICATE_BITS * 2);
        expect(nearDuplicates(hash, other)).to.equal(false);
      }
    });
  });

  describe('limits and refusals', () => {
    it('refuses a huge declared size from the header, without decoding', async () => {
      const header = Buffer.alloc(13);
      header.writeUInt32BE(60_000, 0);
      header.writeUInt32BE(60_000, 4);
      header[8] = 8;
      header[9] = 2;
      // 10.8 GB of pixels declared, 100 bytes of them present.
      const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header),
        pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(100))), pngChunk('IEND', Buffer.alloc(0))]);
      const started = Date.now();
      const error = await rejection(processPhoto(png, OPTIONS));
      expect(error).to.be.instanceOf(UnprocessablePhotoError);
      expect(error.message).to.include('60000x60000');
      expect(Date.now() - started).to.be.below(1000);
    });

    it('refuses a real picture past the limit and accepts it under', async () => {
      const blank = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#fff' } }).png().toBuffer();
      expect(await rejection(inspectPhoto(blank, 5_000_000))).to.be.instanceOf(UnprocessablePhotoError);
      expect(await inspectPhoto(blank, 6_000_000)).to.deep.include({ format: 'png', width: 3000, height: 2000 });
    });

    it('refuses what is not a JPEG, PNG, WebP or HEIC photo, and a truncated one', async () => {
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
      expect((await rejection(processPhoto(gif, OPTIONS))).message).to.include('JPEG, PNG, WebP or HEIC');
      expect(await rejection(processPhoto(Buffer.from('not a photo'), OPTIONS))).to.be.instanceOf(UnprocessablePhotoError);
      const jpeg = await photoLike();
      expect(await rejection(processPhoto(jpeg.subarray(0, 400), OPTIONS))).to.be.instanceOf(UnprocessablePhotoError);
    });
  });
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
