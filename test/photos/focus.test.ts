// A photo's focus point (the centre of its most interesting region, by libvips' attention strategy): found when the
// photo is processed, turned with it, and given to a book with the facts it places a photo by (placementFacts).
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto as processPhotoJob } from '../../src/worker/process-photo';
import { processPhoto } from '../../src/photos/processing';
import { createPhotosRepository } from '../../src/photos/repository';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { salientObjectAt } from './photo-images';

const OPTIONS = { maxPixels: 50_000_000, uploadTime: new Date('2026-01-02T03:04:05Z') };
/** The attention map is blurred and searched on a 256-pixel copy: its centre is this close to the object's. */
const NEAR = 0.08;

describe('photos: the focus point of a picture', () => {
  for (const [x, y] of [[0.8, 0.25], [0.2, 0.75], [0.5, 0.2]]) {
    it(`lies on a salient object at (${x}, ${y}), not at the centre`, async () => {
      const photo = await processPhoto(await salientObjectAt(x, y), OPTIONS);
      expect(photo.focus.x).to.be.closeTo(x, NEAR);
      expect(photo.focus.y).to.be.closeTo(y, NEAR);
    });
  }

  it('is measured on the master, upright: a portrait photo too', async () => {
    const photo = await processPhoto(await salientObjectAt(0.3, 0.85, 900, 1500), OPTIONS);
    expect([photo.width, photo.height]).to.deep.equal([900, 1500]);
    expect(photo.focus.x).to.be.closeTo(0.3, NEAR);
    expect(photo.focus.y).to.be.closeTo(0.85, NEAR);
  });
});

describe(`photos: the focus point stored, turned, and given to books (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let emails = 0;

  const account = async () => {
    const user = await runtime.users.create({ email: `focus${(emails += 1)}@example.com`, role: 'user' });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  const uploaded = async (auth: string, content: Buffer) => (await request(server.url).post('/api/or/photo/').set('Authorization', auth)
    .attach('files', content, { filename: 'photo.jpg', contentType: 'image/jpeg' }).expect(200)).body.photo_id as number;
  const facts = (ownerId: number, ids: number[]) => createPhotosRepository(runtime.db.sql).placementFacts(ownerId, ids);

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test' });
    server = await testServer(runtime);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('stores it when the photo is ready and turns it with the photo (PUT /api/photo/)', async () => {
    const owner = await account();
    const photoId = await uploaded(owner.auth, await salientObjectAt(0.8, 0.25));
    expect(await facts(owner.id, [photoId]), 'not ready yet').to.deep.equal([]);
    await processPhotoJob.handle({ photoId }, runtime.jobContext);
    const [ready] = await facts(owner.id, [photoId]);
    expect(ready).to.include({ id: photoId, width: 1200, height: 900, status: 'ready', deletedAt: null });
    expect(ready.masterKey).to.be.a('string');
    expect(ready.focusX).to.be.closeTo(0.8, NEAR);
    expect(ready.focusY).to.be.closeTo(0.25, NEAR);

    // A quarter turn clockwise takes the top right to the bottom right.
    await request(server.url).put('/api/photo/').set('Authorization', owner.auth).send({ photo_id: photoId, angle: 90 }).expect(200);
    const [turned] = await facts(owner.id, [photoId]);
    expect([turned.width, turned.height]).to.deep.equal([900, 1200]);
    expect(turned.masterKey).to.not.equal(ready.masterKey);
    expect(turned.focusX).to.be.closeTo(0.75, NEAR);
    expect(turned.focusY).to.be.closeTo(0.8, NEAR);
  });

  it('gives a book only the owner\'s ready photos, hidden ones with their deletedAt', async () => {
    const owner = await account();
    const stranger = await account();
    const kept = await uploaded(owner.auth, await salientObjectAt(0.3, 0.3));
    const hidden = await uploaded(owner.auth, await salientObjectAt(0.6, 0.6));
    const processing = await uploaded(owner.auth, await salientObjectAt(0.4, 0.7));
    const strangers = await uploaded(stranger.auth, await salientObjectAt(0.5, 0.5));
    for (const photoId of [kept, hidden, strangers]) await processPhotoJob.handle({ photoId }, runtime.jobContext);
    await request(server.url).patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [hidden] }).expect(200);

    const given = await facts(owner.id, [kept, hidden, processing, strangers, 999_999]);
    expect(given.map((photo) => photo.id)).to.deep.equal([kept, hidden]);
    expect(given[0].deletedAt).to.equal(null);
    expect(given[1].deletedAt).to.be.an.instanceOf(Date);
  });
});
