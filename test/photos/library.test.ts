import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { PROCESSING_FAILED } from '../../src/photos/service';
import { DATABASE_KIND } from '../helpers/database';
import { jobsSettled } from '../helpers/jobs';
import { storedKeys } from '../helpers/media';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { jpeg, noiseImage, png, SVG, webp } from '../themes/images';
import { manyScanJpeg } from './photo-images';

type Client = ReturnType<typeof request>;
const BASE = 'http://photobook.test';

describe(`shoppers' photos: upload, processing, library (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let validator: ReturnType<typeof createValidator>;
  let emails = 0;

  /** A new account of that role and its Authorization header. */
  const account = async (role: 'user' | 'visitor' = 'user') => {
    const user = role === 'visitor' ? await runtime.users.createVisitor() : await runtime.users.create({ email: `u${(emails += 1)}@example.com`, role });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  const upload = (auth: string, content: Buffer, name = 'photo.jpg', field = 'files') =>
    client.post('/api/or/photo/').set('Authorization', auth).attach(field, content, { filename: name, contentType: 'application/octet-stream' });
  const photoRow = async (id: number) => (await runtime.db.sql.query<Record<string, unknown>>(
    'SELECT owner_id, status, format, width, height, orientation, master_key, original_key, failure_reason, deleted_at, duplicate_group, capture_source FROM photos WHERE id = $1', [id])).rows[0];
  const rowCount = async (ownerId: number) => Number((await runtime.db.sql.query<{ n: string }>(
    'SELECT count(*) AS n FROM photos WHERE owner_id = $1', [ownerId])).rows[0].n);
  const jobsOf = async (photoId: number) => (await runtime.db.sql.query<{ state: string }>(
    "SELECT state::text AS state FROM pgboss.job WHERE name = 'process-photo' AND (data->>'photoId')::int = $1", [photoId])).rows;
  const runJob = (photoId: number) => processPhoto.handle({ photoId }, runtime.jobContext);
  const uploadsLeft = () => {
    const folder = path.join(runtime.config.dataDir, 'uploads');
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  /** Every file under photos/ is named by a row, and every row's files are stored. */
  const expectNoOrphans = async () => {
    const stored = await storedKeys(runtime, 'photos/', 'private');
    const { rows } = await runtime.db.sql.query<{ key: string }>(
      'SELECT original_key AS key FROM photos UNION ALL SELECT master_key FROM photos WHERE master_key IS NOT NULL');
    expect(stored).to.deep.equal(rows.map((row) => row.key).sort());
  };

  before(async () => {
    runtime = await testRuntime({
      PHOTO_MAX_BYTES: String(300 * 1024), PHOTO_MAX_PIXELS: String(4_000_000),
      PHOTOS_PER_USER: '8', PHOTOS_PER_VISITOR: '2', PHOTO_BYTES_PER_VISITOR: String(60 * 1024),
      // Two runs of process-photo in all: the first failure is retried, the second marks the photo failed.
      JOB_RETRY_LIMIT: '1',
    });
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
  });
  after(() => runtime.dispose());

  describe('upload and processing', () => {
    it('stores the JPEG as sent, records the photo with its process-photo job and answers its id at once', async () => {
      const owner = await account();
      const content = await noiseImage(640, 480).jpeg({ quality: 80 }).toBuffer();
      const response = await upload(owner.auth, content);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(validator.errorsOf('photo-uploaded.json', response.body)).to.equal(null);
      const id = response.body.photo_id;
      const row = await photoRow(id);
      expect(row).to.include({ owner_id: owner.id, status: 'processing', format: 'jpeg', width: 640, height: 480, master_key: null });
      expect(row.original_key).to.match(/^photos\/[0-9a-f-]+\/original\.jpg$/);
      expect((await runtime.privateFiles.read(row.original_key as string)).equals(content)).to.equal(true);
      expect(await jobsOf(id)).to.deep.equal([{ state: 'created' }]);
      expect(uploadsLeft()).to.deep.equal([]);
    });

    it('the job makes the upright sRGB master and marks the photo ready; GET answers it', async () => {
      const owner = await account();
      // EXIF orientation 6: stored 300x200, shown upright 200x300.
      const content = await noiseImage(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const id = (await upload(owner.auth, content)).body.photo_id;
      expect(await runJob(id)).to.deep.equal({ status: 'ready' });
      const row = await photoRow(id);
      expect(row).to.include({ status: 'ready', width: 200, height: 300, orientation: 6, duplicate_group: id, capture_source: 'upload' });
      const master = await sharp(await runtime.privateFiles.read(row.master_key as string)).metadata();
      expect([master.format, master.width, master.height]).to.deep.equal(['jpeg', 200, 300]);
      const response = await client.get(`/photos/api/photo/${id}/`).set('Authorization', owner.auth);
      expect(response.status).to.equal(200);
      expect(validator.errorsOf('photo.json', response.body)).to.equal(null);
      expect(response.body).to.deep.include({
        id, photo_id: id,
        size_orig: { w: 200, h: 300, px_width: 200, px_height: 300 }, import_from: '', orientation: 6, status: 'ready', failure_reason: null,
      });
      // Private: signed links of the photos' own routes, never a public /media/ URL.
      expect(response.body.url).to.match(new RegExp(`^${BASE}/photos/api/photo/${id}/image/\\d+\\.[\\w-]+$`));
      expect(response.body.orig).to.match(new RegExp(`^${BASE}/photos/api/photo/${id}/original/\\?expires=\\d+&sig=[\\w-]+$`));
      expect((await client.get(`/media/${row.master_key}`)).status).to.equal(404);
      // A repeated run (a job delivered twice) changes nothing.
      expect(await runJob(id)).to.deep.equal({ status: 'ready' });
    });

    it('accepts PNG, WebP and progressive JPEG', async () => {
      const owner = await account();
      const progressive = await sharp(await jpeg(64, 48)).jpeg({ progressive: true }).toBuffer();
      for (const [content, format, extension] of [[await png(120, 80), 'png', 'png'], [await webp(90, 60), 'webp', 'webp'], [progressive, 'jpeg', 'jpg']] as const) {
        const response = await upload(owner.auth, content, `x.${extension}`);
        expect(response.status).to.equal(200);
        const row = await photoRow(response.body.photo_id);
        expect(row.format).to.equal(format);
        expect(row.original_key).to.match(new RegExp(`\\.${extension}$`));
        expect(await runJob(response.body.photo_id)).to.deep.equal({ status: 'ready' });
      }
    });

    it('the same bytes twice by one owner are one photo, stored once; another owner gets a photo of its own', async () => {
      const [owner, other] = [await account(), await account()];
      const content = await noiseImage(200, 200).jpeg().toBuffer();
      // Three at once (they meet in the upload's transaction), then once more (found before anything is stored).
      const racing = await Promise.all([1, 2, 3].map(() => upload(owner.auth, content)));
      expect(racing.map((response) => response.status)).to.deep.equal([200, 200, 200]);
      const first = await upload(owner.auth, content);
      expect(racing.map((response) => response.body.photo_id)).to.deep.equal(Array(3).fill(first.body.photo_id));
      expect(await rowCount(owner.id)).to.equal(1);
      expect(await jobsOf(first.body.photo_id)).to.have.length(1);
      const theirs = await upload(other.auth, content);
      expect(theirs.body.photo_id).to.not.equal(first.body.photo_id);
      await expectNoOrphans();
    });

    it('refuses what is not a photo, a photo over the pixel limit, a file too large and a request without a file', async () => {
      const owner = await account();
      const refused = async (response: request.Response, status: number) => {
        expect(response.status, JSON.stringify(response.body)).to.equal(status);
        expect(await rowCount(owner.id)).to.equal(0);
      };
      const svg = await upload(owner.auth, SVG, 'x.svg');
      await refused(svg, 400);
      expect(svg.body).to.deep.equal({ files: ['Upload a JPEG, PNG, WebP or HEIC photo.'] });
      // 2100 x 2000 = 4.2 megapixels, over the 4 allowed: refused from the header.
      const huge = await upload(owner.auth, await jpeg(2100, 2000));
      await refused(huge, 400);
      expect(huge.body.files[0]).to.match(/larger than 4000000 pixels/);
      const tooLarge = await upload(owner.auth, await noiseImage(600, 600).jpeg({ quality: 95 }).toBuffer());
      await refused(tooLarge, 413);
      expect(tooLarge.body).to.deep.equal({ detail: 'File is larger than 0.3 MB.' });
      // An empty file (once a 500: libvips throws at once on an empty buffer).
      const empty = await upload(owner.auth, Buffer.alloc(0));
      await refused(empty, 400);
      expect(empty.body).to.deep.equal({ files: ['Upload a JPEG, PNG, WebP or HEIC photo.'] });
      // 190 progressive scans (security review 4: 2,647 took 105 s and 3.5 GB to decode), refused before decoding.
      const scans = await upload(owner.auth, manyScanJpeg(64));
      await refused(scans, 400);
      expect(scans.body).to.deep.equal({ files: ['A JPEG photo has at most 100 progressive scans; this one has more.'] });
      await refused(await client.post('/api/or/photo/').set('Authorization', owner.auth).field('x', '1'), 400);
      await refused(await upload(owner.auth, await jpeg(10, 10), 'x.jpg', 'file'), 400);
      expect((await client.post('/api/or/photo/').attach('files', await jpeg(10, 10), 'x.jpg')).status).to.equal(401);
      expect(uploadsLeft()).to.deep.equal([]);
      await expectNoOrphans();
    });

    it('retries a failed run, then marks the photo failed with its reason; the same file uploaded again is processed again', async () => {
      const owner = await account();
      const content = await jpeg(50, 40);
      const id = (await upload(owner.auth, content)).body.photo_id;
      const row = await photoRow(id);
      // The original went missing from the store: not the file's fault, so retried first.
      await runtime.privateFiles.delete(row.original_key as string);
      let thrown: unknown;
      await runJob(id).catch((error: unknown) => { thrown = error; });
      expect(thrown).to.be.instanceOf(Error);
      expect((await photoRow(id)).status).to.equal('processing');
      expect(await runJob(id)).to.deep.equal({ status: 'failed', reason: PROCESSING_FAILED });
      expect(await photoRow(id)).to.include({ status: 'failed', failure_reason: PROCESSING_FAILED, master_key: null });
      const body = (await client.get(`/photos/api/photo/${id}/`).set('Authorization', owner.auth)).body;
      expect(body).to.include({ status: 'failed', failure_reason: PROCESSING_FAILED, url: null });
      // Uploaded again: the same photo, its original stored again, processed by a new job.
      expect((await upload(owner.auth, content)).body.photo_id).to.equal(id);
      expect(await photoRow(id)).to.include({ status: 'processing', failure_reason: null });
      expect(await jobsOf(id)).to.have.length(2);
      expect(await runJob(id)).to.deep.equal({ status: 'ready' });
      await expectNoOrphans();
    });
  });

  describe('the library', () => {
    it('pages newest first with an absolute next URL, and counts the whole library', async () => {
      const owner = await account();
      const ids: number[] = [];
      for (let index = 0; index < 5; index += 1) ids.push((await upload(owner.auth, await jpeg(20 + index, 20))).body.photo_id);
      const seen: number[] = [];
      let url: string | null = '/photos/api/photo/?page_size=2';
      while (url) {
        const response: request.Response = await client.get(url.replace(BASE, '')).set('Authorization', owner.auth);
        expect(response.status).to.equal(200);
        expect(validator.errorsOf('photo-list.json', response.body)).to.equal(null);
        expect(response.body.all_count).to.equal(5);
        seen.push(...response.body.results.map((photo: { id: number }) => photo.id));
        url = response.body.next;
        if (url) expect(url.startsWith(`${BASE}/photos/api/photo/?page_size=2&before=`)).to.equal(true);
      }
      expect(seen).to.deep.equal([...ids].reverse());
      expect((await client.get('/photos/api/photo/?page_size=0').set('Authorization', owner.auth)).status).to.equal(400);
      expect((await client.get('/photos/api/photo/').set('Authorization', owner.auth)).body.results).to.have.length(5);
    });

    it('groups near-duplicates: the same picture re-encoded shares a group, another picture has its own', async () => {
      const owner = await account();
      const picture = noiseImage(64, 48).resize(256, 192);
      const ids = [];
      for (const content of [await picture.clone().jpeg({ quality: 90 }).toBuffer(), await picture.clone().jpeg({ quality: 60 }).toBuffer(),
        await noiseImage(80, 60).resize(256, 192).flop().jpeg().toBuffer()]) {
        const id = (await upload(owner.auth, content)).body.photo_id;
        await runJob(id);
        ids.push(id);
      }
      const groups = await Promise.all(ids.map(async (id) =>
        (await client.get(`/photos/api/photo/${id}/`).set('Authorization', owner.auth)).body.duplicate_group));
      expect(groups).to.deep.equal([ids[0], ids[0], ids[2]]);
    });

    it('destroy_many hides the caller\'s photos and keeps their files; another user\'s ids are neither hidden nor counted', async () => {
      const [owner, other] = [await account(), await account()];
      const mine = (await upload(owner.auth, await jpeg(31, 20))).body.photo_id;
      await runJob(mine);
      const theirs = (await upload(other.auth, await jpeg(32, 20))).body.photo_id;
      const response = await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth)
        .send({ photo_id_list: [mine, theirs, 999999] });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ update_count: 1 });
      expect((await photoRow(mine)).deleted_at).to.be.instanceOf(Date);
      expect((await photoRow(theirs)).deleted_at).to.equal(null);
      expect((await client.get(`/photos/api/photo/${mine}/`).set('Authorization', owner.auth)).status).to.equal(404);
      expect((await client.get('/photos/api/photo/').set('Authorization', owner.auth)).body).to.deep.include({ results: [], all_count: 0 });
      const row = await photoRow(mine);
      expect(await storedKeys(runtime, `${path.posix.dirname(row.original_key as string)}/`, 'private')).to.have.length(2);
      // Uploading the same bytes again brings the photo back.
      expect((await upload(owner.auth, await jpeg(31, 20))).body.photo_id).to.equal(mine);
      expect((await photoRow(mine)).deleted_at).to.equal(null);
      expect((await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: 'x' })).status).to.equal(400);
    });

    it('another user\'s photo is 404, and not in the caller\'s library', async () => {
      const [owner, other] = [await account(), await account()];
      const id = (await upload(owner.auth, await jpeg(33, 20))).body.photo_id;
      await runJob(id);
      const response = await client.get(`/photos/api/photo/${id}/`).set('Authorization', other.auth);
      expect(response.status).to.equal(404);
      expect(response.body).to.deep.equal({ detail: 'Not found.' });
      expect((await client.get(`/photos/api/photo/${id}/`).set('Authorization', owner.auth)).status).to.equal(200);
      expect((await client.get('/photos/api/photo/').set('Authorization', other.auth)).body.all_count).to.equal(0);
      expect((await client.get(`/photos/api/photo/${id}/`)).status).to.equal(401);
    });
  });

  describe('quotas', () => {
    it('a visitor may hold fewer photos than a user: past the count, 429 with a detail and nothing stored', async () => {
      const visitor = await account('visitor');
      for (const width of [40, 41]) expect((await upload(visitor.auth, await jpeg(width, 20))).status).to.equal(200);
      const refused = await upload(visitor.auth, await jpeg(42, 20));
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.equal({ detail: 'Photo limit reached: a library holds at most 2 photos. Delete some to upload more.' });
      expect(await rowCount(visitor.id)).to.equal(2);
      const user = await account();
      for (const width of [40, 41, 42]) expect((await upload(user.auth, await jpeg(width, 20))).status).to.equal(200);
      await expectNoOrphans();
    });

    it('past the bytes stored, 429', async () => {
      const visitor = await account('visitor');
      const large = await noiseImage(300, 300).jpeg({ quality: 95 }).toBuffer();
      expect(large.length).to.be.greaterThan(60 * 1024);
      const refused = await upload(visitor.auth, large);
      expect(refused.status).to.equal(429);
      expect(refused.body.detail).to.match(/^Storage limit reached/);
      expect(await rowCount(visitor.id)).to.equal(0);
    });

    it('uploads racing for the last place: one is refused and its stored file removed', async () => {
      const visitor = await account('visitor');
      expect((await upload(visitor.auth, await jpeg(50, 20))).status).to.equal(200);
      const racing = await Promise.all([51, 52, 53].map(async (width) => upload(visitor.auth, await jpeg(width, 20))));
      expect(racing.map((response) => response.status).sort()).to.deep.equal([200, 429, 429]);
      expect(await rowCount(visitor.id)).to.equal(2);
      await expectNoOrphans();
    });
  });

  // Last: once the worker runs, it takes the jobs of every later upload.
  describe('the worker', () => {
    it('runs the enqueued process-photo job to the end', async () => {
      const owner = await account();
      const id = (await upload(owner.auth, await jpeg(70, 50))).body.photo_id;
      const { rows: [job] } = await runtime.db.sql.query<{ id: string }>(
        "SELECT id::text AS id FROM pgboss.job WHERE name = 'process-photo' AND (data->>'photoId')::int = $1", [id]);
      const settled = jobsSettled(runtime.queue, [job.id]);
      await runtime.queue.work(runtime.jobContext);
      await settled;
      expect(await photoRow(id)).to.include({ status: 'ready', width: 70, height: 50 });
    });
  });
});
