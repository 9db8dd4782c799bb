// The photo library's notifications over /photos/ws: photo_uploaded and fail_upload_photo as the front end reads them
// (source/components/_hoc/WebSocket/index.es6 of DmitryMasny/u4u), to the owner's connections only, in every process.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { WebSocket } from 'ws';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type ChildServer, startChildServer } from '../realtime/child-server';
import { noiseImage } from '../themes/images';
import { connectPhotos, type PhotoSocket, photoUrl } from './photo-socket';

describe(`shoppers' photos: notifications over /photos/ws (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  const sockets: PhotoSocket[] = [];
  let emails = 0;

  const account = async () => {
    const user = await runtime.users.create({ email: `notified${(emails += 1)}@example.com`, role: 'user' });
    const token = runtime.tokens.issue(user);
    return { id: user.id, token, auth: `Bearer ${token}` };
  };
  const connect = async (baseUrl: string, token?: string) => {
    const connection = await connectPhotos(baseUrl, token);
    sockets.push(connection);
    return connection;
  };
  /** Uploads through the API and runs the process-photo job the upload enqueued; the photo's id. */
  const uploadAndProcess = async (auth: string, content: Buffer) => {
    const response = await request(server.url).post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const photoId = response.body.photo_id as number;
    await processPhoto.handle({ photoId }, runtime.jobContext);
    return photoId;
  };

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

  it('tells the owner photo_uploaded with the photo\'s images, size, date and source once it is processed', async () => {
    const owner = await account();
    const connection = await connect(server.url, owner.token);
    const photoId = await uploadAndProcess(owner.auth, await noiseImage(640, 480).jpeg({ quality: 80 }).toBuffer());
    const frame = await connection.next();
    const { body: listed } = await request(server.url).get(`/photos/api/photo/${photoId}/`).set('Authorization', owner.auth).expect(200);
    expect(frame).to.deep.equal({
      cmd: 'photo_uploaded',
      payload: {
        photo_id: photoId, photo: { image: listed.url, orig: listed.orig },
        size_orig: { w: 640, h: 480, px_width: 640, px_height: 480 }, date: listed.date, import_from: listed.import_from,
      },
    });
    expect(listed.url).to.be.a('string');
  });

  it('tells the owner fail_upload_photo with the photo\'s id as payload and the reason beside, for a broken file', async () => {
    const owner = await account();
    const connection = await connect(server.url, owner.token);
    const whole = await noiseImage(320, 240).jpeg({ quality: 80 }).toBuffer();
    const photoId = await uploadAndProcess(owner.auth, whole.subarray(0, 400));
    const { rows } = await runtime.db.sql.query<{ failure_reason: string }>('SELECT failure_reason FROM photos WHERE id = $1', [photoId]);
    expect(await connection.next()).to.deep.equal({ cmd: 'fail_upload_photo', payload: photoId, reason: rows[0].failure_reason });
    expect(rows[0].failure_reason).to.be.a('string');
  });

  it('tells the owner photo_uploaded again when a ready photo is uploaded again, hidden or not', async () => {
    const owner = await account();
    const connection = await connect(server.url, owner.token);
    const content = await noiseImage(400, 300).jpeg({ quality: 80 }).toBuffer();
    const photoId = await uploadAndProcess(owner.auth, content);
    const first = await connection.next();
    expect(first).to.have.property('cmd', 'photo_uploaded');

    const again = await request(server.url).post('/api/or/photo/').set('Authorization', owner.auth)
      .attach('files', content, { filename: 'again.jpg', contentType: 'image/jpeg' }).expect(200);
    expect(again.body).to.deep.equal({ photo_id: photoId });
    expect(await connection.next()).to.deep.equal(first);

    await request(server.url).patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [photoId] }).expect(200);
    await request(server.url).post('/api/or/photo/').set('Authorization', owner.auth)
      .attach('files', content, { filename: 'back.jpg', contentType: 'image/jpeg' }).expect(200, { photo_id: photoId });
    expect(await connection.next()).to.deep.equal(first);
  });

  it('tells the owner fail_upload_photo again for a broken file uploaded again, and nothing early for one still processing', async () => {
    const owner = await account();
    const connection = await connect(server.url, owner.token);
    const broken = (await noiseImage(320, 240).jpeg({ quality: 80 }).toBuffer()).subarray(0, 400);
    const brokenId = await uploadAndProcess(owner.auth, broken);
    const failed = await connection.next();
    expect(failed).to.include({ cmd: 'fail_upload_photo', payload: brokenId });
    await request(server.url).post('/api/or/photo/').set('Authorization', owner.auth)
      .attach('files', broken, { filename: 'again.jpg', contentType: 'image/jpeg' }).expect(200, { photo_id: brokenId });
    expect(await connection.next()).to.deep.equal(failed);

    const content = await noiseImage(300, 300).jpeg({ quality: 80 }).toBuffer();
    const upload = () => request(server.url).post('/api/or/photo/').set('Authorization', owner.auth)
      .attach('files', content, { filename: 'slow.jpg', contentType: 'image/jpeg' }).expect(200);
    const photoId = (await upload()).body.photo_id as number;
    await upload();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connection.frames, 'nothing before it is processed').to.deep.equal([]);
    await processPhoto.handle({ photoId }, runtime.jobContext);
    expect(await connection.next()).to.include({ cmd: 'photo_uploaded' });
  });

  it('tells another user\'s connection nothing, and every connection of the owner', async () => {
    const [owner, stranger] = [await account(), await account()];
    const [first, second] = [await connect(server.url, owner.token), await connect(server.url, owner.token)];
    const other = await connect(server.url, stranger.token);
    const photoId = await uploadAndProcess(owner.auth, await noiseImage(200, 150).jpeg().toBuffer());
    for (const connection of [first, second]) expect((await connection.next()).payload).to.include({ photo_id: photoId });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.frames).to.deep.equal([]);
  });

  it('refuses no token and a bad one with close code 4401 and a reason, as the editing WebSocket does', async () => {
    const owner = await account();
    for (const [token, reason] of [
      [undefined, 'Authentication credentials were not provided.'], ['garbage', 'Invalid token.'], [`${owner.token}x`, 'Invalid token.'],
    ] as const) {
      const refused = await connect(server.url, token);
      expect(await refused.closed, String(token)).to.deep.equal({ code: 4401, reason });
    }
  });

  it('closes the owner\'s connections with 4401 when they log out', async () => {
    const owner = await account();
    const connection = await connect(server.url, owner.token);
    await request(server.url).post('/api/auth/logout/').set('Authorization', owner.auth).expect(200);
    expect(await connection.closed).to.deep.equal({ code: 4401, reason: 'Logged out.' });
  });

  it('answers 404 to an upgrade at another path beside it', async () => {
    const status = await new Promise((resolve) => {
      const socket = new WebSocket(photoUrl(server.url).replace('/photos/ws', '/photos/wss'));
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.on('error', () => undefined);
    });
    expect(status).to.equal(404);
  });

  // Across processes needs a database server: embedded PGlite has one process by design.
  (DATABASE_KIND === 'postgres' ? describe : describe.skip)('across two processes on one PostgreSQL database', () => {
    let there: ChildServer;
    let dataDir: string;

    before(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-second-'));
      there = await startChildServer({
        DATABASE_URL: runtime.db.connectionString!, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: 'http://photobook.test',
      });
    });
    after(async () => {
      await there?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('tells the owner\'s connection on the other process once this one processed the photo', async () => {
      const owner = await account();
      const [far, stranger] = [await connect(there.url, owner.token), await connect(there.url, (await account()).token)];
      const photoId = await uploadAndProcess(owner.auth, await noiseImage(300, 200).jpeg().toBuffer());
      const frame = await far.next();
      expect(frame).to.have.property('cmd', 'photo_uploaded');
      expect(frame.payload).to.deep.include({ photo_id: photoId, size_orig: { w: 300, h: 200, px_width: 300, px_height: 200 } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stranger.frames).to.deep.equal([]);
    });
  });
});
