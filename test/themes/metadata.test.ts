import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from './images';
import { type Format, decodedPixels, metadataIn, photoWithMetadata } from './metadata-images';

const FORMATS: Format[] = ['jpeg', 'png', 'webp'];

describe(`uploaded images keep their pixels and no metadata (${DATABASE_KIND})`, () => {
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

  /** Uploads the image and returns the response and the served original and derivatives' bytes. */
  async function uploadAndFetch(image: Buffer, format: Format) {
    const response = await client.post('/api/theme/1/up-element/').set('Authorization', admin)
      .field('type', 'bg').attach('file', image, { filename: `photo.${format}`, contentType: `image/${format}` });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    const path = new URL(response.body.image).pathname;
    const [original, small, medium] = await Promise.all([path, `${path}_sm.jpg`, `${path}_md.jpg`]
      .map(async (served) => (await client.get(served).buffer(true)).body as Buffer));
    return { response, original, derivatives: [small, medium] };
  }

  for (const format of FORMATS) {
    it(`serves a ${format} without metadata byte for byte as it was uploaded`, async () => {
      const photo = await noiseImage(120, 80).toFormat(format).toBuffer();
      const { original } = await uploadAndFetch(photo, format);
      expect(original.equals(photo)).to.equal(true);
    });

    it(`serves a ${format} without its EXIF (GPS, serial), XMP, IPTC and comments, with its ICC profile and pixels`, async () => {
      const photo = await photoWithMetadata(format);
      const { response, original, derivatives } = await uploadAndFetch(photo, format);
      expect([response.body.width, response.body.height]).to.deep.equal([96, 64]);
      for (const served of [original, ...derivatives]) {
        const metadata = await sharp(served).metadata();
        expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.comments]).to.deep.equal([undefined, undefined, undefined, undefined]);
        expect(metadataIn(served)).to.deep.equal([]);
      }
      const [uploaded, stored] = await Promise.all([sharp(photo).metadata(), sharp(original).metadata()]);
      expect(stored.icc?.equals(uploaded.icc!), 'ICC profile kept').to.equal(true);
      expect((await decodedPixels(original)).equals(await decodedPixels(photo)), 'same pixels').to.equal(true);
      expect(original.length).to.be.below(photo.length);
    });

    it(`serves a ${format} with EXIF orientation 6 upright (re-encoded), original and derivatives, with its ICC profile`, async () => {
      const photo = await photoWithMetadata(format, 6);
      expect((await sharp(photo).metadata()).orientation).to.equal(6);
      const { response, original, derivatives } = await uploadAndFetch(photo, format);
      expect([response.body.width, response.body.height]).to.deep.equal([64, 96]);
      for (const served of [original, ...derivatives]) {
        const metadata = await sharp(served).metadata();
        expect([metadata.exif, metadata.xmp, metadata.orientation ?? 1]).to.deep.equal([undefined, undefined, 1]);
        expect(metadataIn(served)).to.deep.equal([]);
        expect(metadata.height! > metadata.width!, 'upright').to.equal(true);
      }
      const [uploaded, stored] = await Promise.all([sharp(photo).metadata(), sharp(original).metadata()]);
      expect([stored.format, stored.icc?.equals(uploaded.icc!)]).to.deep.equal([format, true]);
      if (format === 'png') {
        const turned = await sharp(photo).rotate().raw().toBuffer();
        expect((await decodedPixels(original)).equals(turned), 'a PNG is turned losslessly').to.equal(true);
      }
    });
  }
});
