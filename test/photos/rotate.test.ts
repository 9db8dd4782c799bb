// Turning a photo (PUT /api/photo/, as source/components/_modals/PreviewPhoto of DmitryMasny/u4u sends it): a new
// master from the original with its orientation and the turn, sizes swapped, old sizes dropped, photo_rotated over
// /photos/ws; and the social imports the front end calls, out of scope (404).
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { storedKeys } from '../helpers/media';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { noiseImage } from '../themes/images';
import { orientedJpeg, QUADRANTS, UPRIGHT } from './photo-images';
import { connectPhotos, type PhotoSocket } from './photo-socket';

type Colour = readonly number[];

describe(`shoppers' photos: turning a photo (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  const sockets: PhotoSocket[] = [];
  let emails = 0;

  const account = async () => {
    const user = await runtime.users.create({ email: `turned${(emails += 1)}@example.com`, role: 'user' });
    const token = runtime.tokens.issue(user);
    return { id: user.id, token, auth: `Bearer ${token}` };
  };
  const readyPhoto = async (auth: string, content: Buffer) => {
    const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'photo.jpg', contentType: 'image/jpeg' }).expect(200);
    const photoId = body.photo_id as number;
    expect(await processPhoto.handle({ photoId }, runtime.jobContext)).to.deep.equal({ status: 'ready' });
    return photoId;
  };
  const row = async (photoId: number) => (await runtime.db.sql.query<{ master_key: string; rotation: number }>(
    'SELECT master_key, rotation FROM photos WHERE id = $1', [photoId])).rows[0];
  const rotate = (auth: string, body: object) => request(server.url).put('/api/photo/').set('Authorization', auth).send(body);
  /** The master's quadrants' colours at their centres: top left, top right, bottom left, bottom right. */
  const quadrantsOf = async (masterKey: string) => {
    const { data, info } = await sharp(await runtime.privateFiles.read(masterKey)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [w, h] = [info.width, info.height];
    return { width: w, height: h, corners: [at(w / 4, h / 4), at((3 * w) / 4, h / 4), at(w / 4, (3 * h) / 4), at((3 * w) / 4, (3 * h) / 4)] };
  };
  const expectColours = (actual: number[][], expected: Colour[]) => actual.forEach((colour, index) =>
    colour.forEach((value, channel) => expect(value, `corner ${index} channel ${channel}`).to.be.closeTo(expected[index][channel], 12)));

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test' });
    server = await testServer(runtime);
  });
  afterEach(() => {
    for (const connection of sockets.splice(0)) connection.socket.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('turns the master made from the original (EXIF orientation 6) a quarter clockwise, then back past upright', async () => {
    const owner = await account();
    const photoId = await readyPhoto(owner.auth, await orientedJpeg(6));
    const { topLeft, topRight, bottomLeft, bottomRight } = QUADRANTS;

    const { body: turned } = await rotate(owner.auth, { photo_id: photoId, folderId: null, angle: 90 }).expect(200);
    expect(turned).to.include({ id: photoId, photo_id: photoId, status: 'ready' });
    expect(turned.size_orig).to.deep.equal({ w: UPRIGHT.height, h: UPRIGHT.width, px_width: UPRIGHT.height, px_height: UPRIGHT.width });
    const once = await row(photoId);
    expect(once.rotation).to.equal(90);
    const clockwise = await quadrantsOf(once.master_key);
    expect([clockwise.width, clockwise.height]).to.deep.equal([UPRIGHT.height, UPRIGHT.width]);
    expectColours(clockwise.corners, [bottomLeft, topLeft, bottomRight, topRight]);

    // -180 from 90 is a quarter anticlockwise from upright: made again from the original, not from the turned master.
    await rotate(owner.auth, { photo_id: photoId, angle: -180 }).expect(200);
    const twice = await row(photoId);
    expect(twice.rotation).to.equal(270);
    expect(twice.master_key).to.not.equal(once.master_key);
    expectColours((await quadrantsOf(twice.master_key)).corners, [topRight, bottomRight, topLeft, bottomLeft]);

    const { body: listed } = await request(server.url).get(`/photos/api/photo/${photoId}/`).set('Authorization', owner.auth).expect(200);
    expect(listed.size_orig).to.deep.equal(turned.size_orig);
  });

  it('drops the previous master and its sizes (through the outbox) and serves the turned sizes', async () => {
    const owner = await account();
    const photoId = await readyPhoto(owner.auth, await noiseImage(1000, 750).jpeg().toBuffer());
    const before = await row(photoId);
    const folder = before.master_key.replace(/[^/]+$/, '');
    const { body: photo } = await request(server.url).get(`/photos/api/photo/${photoId}/`).set('Authorization', owner.auth).expect(200);
    const path = (url: string) => url.replace('http://photobook.test', '');
    await request(server.url).get(`${path(photo.url)}=w400`).expect(200);
    expect(await storedKeys(runtime, folder, 'private')).to.have.length(3);

    const { body: turned } = await rotate(owner.auth, { photo_id: photoId, angle: -90 }).expect(200);
    const after = await row(photoId);
    expect(await storedKeys(runtime, folder, 'private')).to.deep.equal([after.master_key, `${folder}original.jpg`].sort());
    const sized = await request(server.url).get(`${path(turned.url)}=w400`).buffer(true).expect(200);
    const { width, height } = await sharp(sized.body as Buffer).metadata();
    expect([width, height]).to.deep.equal([400, 533]);
    expect(await storedKeys(runtime, folder, 'private')).to.have.length(3);
  });

  it('tells the owner\'s /photos/ws photo_rotated with the photo\'s images, size and date', async () => {
    const owner = await account();
    const photoId = await readyPhoto(owner.auth, await noiseImage(640, 480).jpeg().toBuffer());
    const connection = await connectPhotos(server.url, owner.token);
    sockets.push(connection);
    await rotate(owner.auth, { photo_id: photoId, folderId: 3, angle: 270 }).expect(200);
    const frame = await connection.next();
    const { body: listed } = await request(server.url).get(`/photos/api/photo/${photoId}/`).set('Authorization', owner.auth).expect(200);
    expect(frame).to.deep.equal({
      cmd: 'photo_rotated',
      payload: {
        photo_id: photoId, photo: { image: listed.url, orig: listed.orig },
        size_orig: { w: 480, h: 640, px_width: 480, px_height: 640 }, date: listed.date, import_from: listed.import_from,
      },
    });
  });

  it('answers 404 for another user\'s photo and leaves it as it was', async () => {
    const [owner, stranger] = [await account(), await account()];
    const photoId = await readyPhoto(owner.auth, await noiseImage(320, 240).jpeg().toBuffer());
    const before = await row(photoId);
    const { status, body } = await rotate(stranger.auth, { photo_id: photoId, angle: 90 });
    expect([status, body]).to.deep.equal([404, { detail: 'Not found.' }]);
    expect(await row(photoId)).to.deep.equal(before);
  });

  it('answers 400 in the DRF shape for an angle that is not a multiple of 90, or missing', async () => {
    const owner = await account();
    const photoId = await readyPhoto(owner.auth, await noiseImage(320, 240).jpeg().toBuffer());
    const bad = await rotate(owner.auth, { photo_id: photoId, angle: 45 });
    expect([bad.status, bad.body]).to.deep.equal([400, { angle: ['Ensure this value is a multiple of 90.'] }]);
    const missing = await rotate(owner.auth, { photo_id: photoId });
    expect([missing.status, missing.body]).to.deep.equal([400, { angle: ['This field is required.'] }]);
    expect((await row(photoId)).rotation).to.equal(0);
  });

  it('answers 404 in the documented shape to the social imports, which are out of scope', async () => {
    const owner = await account();
    for (const network of ['google', 'instagram', 'vk', 'ya']) {
      for (const call of [request(server.url).get(`/social/photo/${network}/`), request(server.url).post(`/social/photo/${network}/`).send({})]) {
        const { status, body } = await call.set('Authorization', owner.auth);
        expect([status, body], network).to.deep.equal([404, { detail: 'Not found.' }]);
      }
    }
  });
});
