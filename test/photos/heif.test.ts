// HEIC/HEIF: no HEVC-coded sample can be made or downloaded here (sharp encodes HEIF only as AV1, libheif-js decodes
// only HEVC), so the container is tested with files built box by box and the decoder's output step with real pixels.
import { expect } from 'chai';
import sharp from 'sharp';
import { UnprocessablePhotoError, inspectPhoto, processPhoto } from '../../src/photos/processing';
import { isHeif, readHeifContainer } from '../../src/photos/photo-heif-container';
import { pixelsAsPng } from '../../src/photos/heic-png';
import { exifCaptureTime } from '../../src/photos/analysis/photo-capture-time';
import { adobeRgbProfile, heifContainer } from './photo-images';

const OPTIONS = { maxPixels: 50_000_000, uploadTime: new Date('2026-01-02T03:04:05Z') };

describe('photos: HEIC/HEIF', () => {
  it('recognises HEIF still-image brands, not AVIF or other files', async () => {
    expect(isHeif(heifContainer([{ ispe: [4, 4] }]))).to.equal(true);
    expect(isHeif(heifContainer([{ ispe: [4, 4] }], 'mif1'))).to.equal(true);
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).avif().toBuffer();
    expect(isHeif(avif)).to.equal(false);
    expect(isHeif(Buffer.from('GIF89a'))).to.equal(false);
  });

  it('reads the primary image\'s size as shown, its ICC profile, and ignores another item\'s properties', () => {
    const profile = adobeRgbProfile();
    const container = readHeifContainer(heifContainer([{ icc: profile }, { ispe: [4032, 3024] }, { irot: 1 }]));
    expect(container).to.deep.include({ width: 3024, height: 4032, orientation: 8 });
    expect(container?.colour).to.deep.equal({ kind: 'icc', profile });
    expect(readHeifContainer(heifContainer([{ nclxPrimaries: 12 }, { ispe: [640, 480] }]))?.colour)
      .to.deep.equal({ kind: 'nclx', primaries: 12, transfer: 13 });
  });

  it('maps irot (counter-clockwise turns) and imir, in their order, to the EXIF orientation that shows it upright', () => {
    const cases: Array<[Parameters<typeof heifContainer>[0], number]> = [
      [[], 1], [[{ irot: 3 }], 6], [[{ irot: 2 }], 3], [[{ irot: 1 }], 8],
      [[{ imir: 0 }], 2], [[{ imir: 1 }], 4],
      // A quarter turn counter-clockwise then a left-right mirror is the transverse; mirror first, the transpose.
      [[{ irot: 1 }, { imir: 0 }], 7], [[{ imir: 0 }, { irot: 1 }], 5],
      [[{ irot: 3 }, { imir: 0 }], 5], [[{ irot: 1 }, { imir: 1 }], 5],
    ];
    for (const [transforms, orientation] of cases) {
      const container = readHeifContainer(heifContainer([{ ispe: [40, 30] }, ...transforms]));
      expect(container?.orientation, JSON.stringify(transforms)).to.equal(orientation);
      expect([container?.width, container?.height]).to.deep.equal(orientation >= 5 ? [30, 40] : [40, 30]);
    }
  });

  it('checks the pixel limit from the container, before decoding', async () => {
    const huge = heifContainer([{ ispe: [20_000, 20_000] }, { irot: 1 }]);
    const error = await processPhoto(huge, OPTIONS).catch((caught: Error) => caught);
    expect(error).to.be.instanceOf(UnprocessablePhotoError);
    expect((error as Error).message).to.include('20000x20000');
    expect(await inspectPhoto(heifContainer([{ ispe: [4032, 3024] }]), OPTIONS.maxPixels))
      .to.deep.equal({ format: 'heif', width: 4032, height: 3024, orientation: 1, needsHeicDecoder: true });
  });

  it('hands HEIC to libheif (in a worker), and a file it cannot decode is unprocessable', async () => {
    const error = await processPhoto(heifContainer([{ ispe: [64, 48] }]), OPTIONS).catch((caught: Error) => caught);
    expect(error).to.be.instanceOf(UnprocessablePhotoError);
    // libheif itself read the file and found no image in it.
    expect((error as Error).message).to.equal('This HEIC photo cannot be decoded (HEIF image not found).');
  });

  it('reads a HEIC\'s capture time from its EXIF item', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg()
      .withExif({ IFD0: { Make: 'Apple' }, IFD2: { DateTimeOriginal: '2025:03:04 05:06:07', OffsetTimeOriginal: '+09:00' } }).toBuffer();
    const tiff = ((await sharp(jpeg).metadata()).exif as Buffer).subarray('Exif\0\0'.length);
    const heic = heifContainer([{ ispe: [64, 48] }], 'heic', tiff);
    expect(await exifCaptureTime(heic)).to.deep.equal({ instant: new Date('2025-03-03T20:06:07Z'), offsetMinutes: 540, source: 'exif' });
    expect(readHeifContainer(heic)).to.deep.include({ width: 64, height: 48 });
  });

  it('turns decoded Display P3 pixels with the container\'s profile into an sRGB master', async () => {
    const green = { r: 40, g: 190, b: 50 };
    const p3Jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: green } }).withIccProfile('p3').png().toBuffer();
    const p3Profile = (await sharp(p3Jpeg).metadata()).icc as Buffer;
    const decoded = await sharp(p3Jpeg, { ignoreIcc: true }).ensureAlpha().raw().toBuffer();
    const png = await pixelsAsPng(decoded, 16, 16, p3Profile);
    const photo = await processPhoto(png, OPTIONS);
    const master = [...(await sharp(photo.master, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)];
    [green.r, green.g, green.b].forEach((value, index) => expect(Math.abs(master[index] - value), `${master}`).to.be.at.most(3));
    const untagged = await processPhoto(await pixelsAsPng(decoded, 16, 16), OPTIONS);
    const dull = [...(await sharp(untagged.master, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)];
    expect(Math.abs(dull[0] - green.r) + Math.abs(dull[1] - green.g) + Math.abs(dull[2] - green.b)).to.be.at.least(15);
  });
});
