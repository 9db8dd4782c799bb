import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/catalog/fixtures';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from './images';

const SERIAL = 'CAMERA-SERIAL-4711';

/** A photo as a phone writes it: landscape pixels with orientation 6 (turn to portrait), a camera serial, GPS. */
function phonePhoto(format: 'jpeg' | 'png' | 'webp') {
  return noiseImage(300, 200)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: SERIAL, Copyright: SERIAL },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 4/1' },
    })
    .toFormat(format)
    .toBuffer();
}

describe(`uploaded images keep no metadata (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let admin: string;
  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, { themes: [{ id: 1, name: 'Фото', approved: true }] });
    client = request(buildApp(runtime).callback());
    admin = `Bearer ${runtime.tokens.issue(await runtime.users.create({ email: 'admin@example.com', role: 'admin' }))}`;
  });
  after(() => runtime.dispose());

  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`serves a ${format} original and its derivatives upright, without EXIF, GPS or the camera serial`, async () => {
      const photo = await phonePhoto(format);
      const uploaded = await sharp(photo).metadata();
      expect([uploaded.orientation, uploaded.exif?.includes(SERIAL)]).to.deep.equal([6, true]);
      const response = await client.post('/api/theme/1/up-element/').set('Authorization', admin)
        .field('type', 'bg').attach('file', photo, { filename: `photo.${format}`, contentType: `image/${format}` });
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      expect([response.body.width, response.body.height]).to.deep.equal([200, 300]);
      const path = new URL(response.body.image).pathname;
      for (const served of [path, `${path}_sm.jpg`, `${path}_md.jpg`]) {
        const body = (await client.get(served).buffer(true)).body as Buffer;
        const metadata = await sharp(body).metadata();
        expect(metadata.exif, served).to.equal(undefined);
        expect(metadata.xmp, served).to.equal(undefined);
        expect(metadata.orientation ?? 1, served).to.equal(1);
        expect(body.includes(SERIAL), served).to.equal(false);
        expect(metadata.height! > metadata.width!, `${served} is upright`).to.equal(true);
      }
    });
  }
});
