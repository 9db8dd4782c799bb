import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { buildApp } from '../../src/app';
import { createUrlSigner } from '../../src/http/signed-url';
import { createPhotoLinks, PHOTO_LINK_WINDOW_SECONDS } from '../../src/photos/photo-links';
import { DATABASE_KIND } from '../helpers/database';
import { storedKeys } from '../helpers/media';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { jpeg, noiseImage } from '../themes/images';

type Client = ReturnType<typeof request>;
const BASE = 'http://photobook.test';

describe(`shoppers' photos: private files, sizes by URL (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let emails = 0;

  const account = async (role: 'user' | 'moderator' | 'admin' = 'user') => {
    const user = await runtime.users.create({ email: `i${(emails += 1)}@example.com`, role });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  /** Uploads and processes the picture; the photo's id, its JSON (with the signed links) and its row's keys. */
  const readyPhoto = async (auth: string, content: Buffer) => {
    const id = (await client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'photo.jpg', contentType: 'application/octet-stream' })).body.photo_id as number;
    expect(await processPhoto.handle({ photoId: id }, runtime.jobContext)).to.deep.equal({ status: 'ready' });
    const body = (await client.get(`/photos/api/photo/${id}/`).set('Authorization', auth)).body as { url: string; orig: string };
    const { rows: [row] } = await runtime.db.sql.query<{ master_key: string; original_key: string }>(
      'SELECT master_key, original_key FROM photos WHERE id = $1', [id]);
    return { id, url: body.url, orig: body.orig, masterKey: row.master_key, folder: row.master_key.replace(/[^/]+$/, '') };
  };
  /** A GET of an absolute link of the JSON, as a browser loads an image: no Authorization header. */
  const load = (link: string) => client.get(link.replace(BASE, '')).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;
  const sizeOf = async (body: Buffer) => {
    const { width, height } = await sharp(body).metadata();
    return { width, height };
  };

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('keeps a photo\'s files in the private area only, and its url and orig are signed links of the photos\' routes', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await noiseImage(1000, 750).jpeg().toBuffer());
    expect(await storedKeys(runtime, 'photos/', 'media')).to.deep.equal([]);
    expect(await storedKeys(runtime, photo.folder, 'private')).to.have.length(2);
    expect((await client.get(`/media/${photo.masterKey}`)).status).to.equal(404);
    expect(photo.url).to.match(new RegExp(`^${BASE}/photos/api/photo/${photo.id}/image/\\d+\\.[\\w-]+$`));
  });

  it('serves =wN, =hN and =w0 from the master, snapped to a served width, never enlarged, each size cached beside it', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await noiseImage(1000, 750).jpeg().toBuffer());
    const master = await runtime.privateFiles.read(photo.masterKey);
    const w300 = await load(`${photo.url}=w300`);
    expect(w300.status).to.equal(200);
    expect(w300.headers['content-type']).to.equal('image/jpeg');
    expect(await widthOf(w300.body)).to.equal(400);
    // A height snaps the height: 300 high is served 400 high (533 wide), not 400 wide.
    expect(await sizeOf((await load(`${photo.url}=h300`)).body)).to.deep.equal({ width: 533, height: 400 });
    expect(await widthOf((await load(`${photo.url}=w801`)).body)).to.equal(1000);
    // Past the master (or full size): the master itself, never a larger picture.
    for (const size of ['=w0', '=w5000', '=h2000', '']) {
      const response = await load(`${photo.url}${size}`);
      expect(response.status, size).to.equal(200);
      expect(response.body.equals(master), size).to.equal(true);
    }
    expect(await storedKeys(runtime, photo.folder, 'private')).to.deep.equal(
      [`${photo.folder}h400.jpg`, `${photo.folder}master.jpg`, `${photo.folder}original.jpg`, `${photo.folder}w400.jpg`]);
    expect((await load(`${photo.url}=x12`)).status).to.equal(404);
  });

  it('=hN snaps a portrait photo\'s height: =h100 is 200 high, as the front end\'s thumbnails ask (not 200 wide and 300 high)', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await noiseImage(1000, 1500).jpeg().toBuffer());
    expect(await sizeOf((await load(`${photo.url}=h100`)).body)).to.deep.equal({ width: 133, height: 200 });
    expect(await sizeOf((await load(`${photo.url}=w100`)).body)).to.deep.equal({ width: 200, height: 300 });
  });

  it('a small master is never enlarged: every size of a 150-pixel photo is the master', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await jpeg(150, 100));
    expect(await widthOf((await load(`${photo.url}=w200`)).body)).to.equal(150);
    expect(await storedKeys(runtime, photo.folder, 'private')).to.have.length(2);
  });

  it('answers an ETag, and 304 to If-None-Match with it', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await noiseImage(900, 600).jpeg().toBuffer());
    for (const link of [`${photo.url}=w200`, `${photo.url}=w0`, photo.orig]) {
      const first = await load(link);
      expect(first.status).to.equal(200);
      expect(first.headers.etag).to.be.a('string');
      expect(first.headers['cache-control']).to.equal('private, no-cache');
      const again = await client.get(link.replace(BASE, '')).set('If-None-Match', first.headers.etag);
      expect(again.status, link).to.equal(304);
    }
  });

  it('orig is the original as sent, metadata included, to the owner\'s signed link, a moderator and an administrator', async () => {
    const [owner, moderator, admin] = [await account(), await account('moderator'), await account('admin')];
    const content = await noiseImage(320, 240).jpeg()
      .withExif({ IFD0: { Copyright: 'Owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' } }).toBuffer();
    const photo = await readyPhoto(owner.auth, content);
    const response = await load(photo.orig);
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.equal('image/jpeg');
    expect(response.body.equals(content)).to.equal(true);
    for (const staff of [moderator, admin, owner]) {
      expect((await client.get(`/photos/api/photo/${photo.id}/original/`).set('Authorization', staff.auth)).status).to.equal(200);
      expect((await client.get(`/photos/api/photo/${photo.id}/image/-=w200`).set('Authorization', staff.auth)).status).to.equal(200);
    }
  });

  it('without a valid link: 401 with no token, 404 for another user; a link opens only its own photo', async () => {
    const [owner, other] = [await account(), await account()];
    const photo = await readyPhoto(owner.auth, await noiseImage(400, 300).jpeg().toBuffer());
    const second = await readyPhoto(owner.auth, await noiseImage(401, 300).jpeg().toBuffer());
    const token = photo.url.slice(photo.url.lastIndexOf('/') + 1);
    const [expires, sig] = token.split('.');
    const tampered = `${expires}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const later = `${Number(expires) + 60}.${sig}`;
    const unsigned = [
      `/photos/api/photo/${photo.id}/image/=w200`, `/photos/api/photo/${photo.id}/image/${tampered}=w200`,
      `/photos/api/photo/${photo.id}/image/${later}=w200`, `/photos/api/photo/${second.id}/image/${token}=w200`,
      `/photos/api/photo/${photo.id}/original/`, `/photos/api/photo/${photo.id}/original/?expires=${expires}&sig=${sig}`,
      `/photos/api/photo/${second.id}${new URL(photo.orig).pathname.replace(`/photos/api/photo/${photo.id}`, '')}${new URL(photo.orig).search}`,
    ];
    for (const link of unsigned) {
      const response = await client.get(link);
      expect(response.status, link).to.equal(401);
      expect(response.body).to.have.property('detail');
      const asOther = await client.get(link).set('Authorization', other.auth);
      expect(asOther.status, link).to.equal(404);
      expect(asOther.body).to.deep.equal({ detail: 'Not found.' });
    }
    expect((await client.get(`/photos/api/photo/999999/image/${token}=w200`)).status).to.equal(401);
  });

  it('an expired link is refused (401), as a print file download\'s', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await noiseImage(400, 300).jpeg().toBuffer());
    const past = () => Date.now() - 3 * PHOTO_LINK_WINDOW_SECONDS * 1000;
    const stale = createPhotoLinks(createUrlSigner(runtime.config.jwtSecret, 'photo files', past), BASE, past);
    expect((await load(`${stale.image(photo.id)}=w200`)).status).to.equal(401);
    expect((await load(stale.original(photo.id))).status).to.equal(401);
    // The same signer with the current clock makes a link that works: only the expiry failed.
    const current = createPhotoLinks(createUrlSigner(runtime.config.jwtSecret, 'photo files'), BASE);
    expect((await load(`${current.image(photo.id)}=w200`)).status).to.equal(200);
  });

  it('a photo deleted from the library is no longer served by its links; one not processed yet has no sizes', async () => {
    const owner = await account();
    const photo = await readyPhoto(owner.auth, await noiseImage(400, 300).jpeg().toBuffer());
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [photo.id] });
    expect((await load(`${photo.url}=w200`)).status).to.equal(404);
    expect((await load(photo.orig)).status).to.equal(404);
    const pending = (await client.post('/api/or/photo/').set('Authorization', owner.auth)
      .attach('files', await jpeg(64, 48), { filename: 'p.jpg', contentType: 'image/jpeg' })).body.photo_id as number;
    const body = (await client.get(`/photos/api/photo/${pending}/`).set('Authorization', owner.auth)).body;
    expect(body.url).to.equal(null);
    expect((await client.get(`/photos/api/photo/${pending}/image/-=w200`).set('Authorization', owner.auth)).status).to.equal(404);
    expect((await load(body.orig)).status).to.equal(200);
  });
});
