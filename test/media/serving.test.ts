// GET and HEAD /media/<key> on both storages: streamed, validators and 304, single ranges, 416, HEAD, no private file.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { S3_PREFIXES } from '../../src/media/open-storages';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

const IMAGE = Buffer.from(Array.from({ length: 20_000 }, (_, index) => (index * 7 + 3) % 256));
const KEY = 'themes/9/served.jpg';

type Client = ReturnType<typeof request>;

/** Collects a binary body whatever its content type. */
const binary = (call: request.Test) => call.buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

describe(`serving /media/ (${DATABASE_KIND})`, () => {
  let s3: TestS3Server;
  before(async () => {
    s3 = await startS3Server();
  });
  after(() => s3.close());

  for (const storage of ['disk', 's3'] as const) {
    describe(`from ${storage}`, () => {
      let runtime: TestRuntime;
      let client: Client;
      let etag: string;
      before(async () => {
        runtime = await testRuntime(storage === 's3' ? s3.env() : { MEDIA_STORAGE: 'disk' }, undefined, storage === 's3' ? s3 : undefined);
        client = request(buildApp(runtime).callback());
        await runtime.media.put(KEY, IMAGE);
        await runtime.privateFiles.put('order-sets/1/secret.jpg', IMAGE);
        etag = (await runtime.media.stat(KEY))!.etag;
      });
      after(() => runtime.dispose());

      it('streams the whole file with its type, length, validators and cache headers', async () => {
        const response = await binary(client.get(`/media/${KEY}`));
        expect(response.status).to.equal(200);
        expect(response.headers).to.include({
          'content-type': 'image/jpeg', 'content-length': String(IMAGE.length), etag, 'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff',
        });
        expect(Date.parse(response.headers['last-modified'])).to.not.be.NaN;
        expect(Buffer.compare(response.body, IMAGE)).to.equal(0);
      });

      it('answers 304 to If-None-Match with its ETag or If-Modified-Since its date, 200 to another ETag', async () => {
        const matching = await client.get(`/media/${KEY}`).set('If-None-Match', etag);
        expect(matching.status).to.equal(304);
        expect(matching.headers.etag).to.equal(etag);
        const { headers } = await client.head(`/media/${KEY}`);
        expect((await client.get(`/media/${KEY}`).set('If-Modified-Since', headers['last-modified'])).status).to.equal(304);
        const other = await binary(client.get(`/media/${KEY}`).set('If-None-Match', '"something-else"'));
        expect(other.status).to.equal(200);
        expect(other.body.length).to.equal(IMAGE.length);
      });

      it('answers a single range with 206 and Content-Range: from-to, from-, the last N bytes (the whole file when N exceeds it)', async () => {
        for (const [range, start, end] of [['bytes=100-1099', 100, 1099], ['bytes=19990-', 19990, 19999], ['bytes=-10', 19990, 19999], ['bytes=0-99999', 0, 19999],
          ['bytes=-50000', 0, 19999]] as const) {
          const response = await binary(client.get(`/media/${KEY}`).set('Range', range));
          expect(response.status, range).to.equal(206);
          expect(response.headers['content-range'], range).to.equal(`bytes ${start}-${end}/${IMAGE.length}`);
          expect(response.headers['content-length'], range).to.equal(String(end - start + 1));
          expect(Buffer.compare(response.body, IMAGE.subarray(start, end + 1)), range).to.equal(0);
        }
      });

      it('answers an unsatisfiable range with 416, Content-Range: bytes */size and an error body', async () => {
        for (const range of ['bytes=20000-', 'bytes=50000-60000', 'bytes=-0']) {
          const response = await client.get(`/media/${KEY}`).set('Range', range);
          expect(response.status, range).to.equal(416);
          expect(response.headers['content-range'], range).to.equal(`bytes */${IMAGE.length}`);
          expect(createValidator(runtime.schemas).errorsOf('error-detail.json', response.body), range).to.equal(null);
        }
      });

      it('sends the whole file for ranges it does not serve (several, malformed) and under a stale If-Range', async () => {
        for (const headers of [{ Range: 'bytes=0-9,20-29' }, { Range: 'bytes=9-0' }, { Range: 'pages=1' }, { Range: 'bytes=0-9', 'If-Range': '"stale"' }]) {
          const response = await binary(client.get(`/media/${KEY}`).set(headers));
          expect(response.status, JSON.stringify(headers)).to.equal(200);
          expect(response.body.length, JSON.stringify(headers)).to.equal(IMAGE.length);
        }
        const current = await binary(client.get(`/media/${KEY}`).set({ Range: 'bytes=0-9', 'If-Range': etag }));
        expect(current.status).to.equal(206);
      });

      it('honours an If-Range date only when it is the file\'s Last-Modified, to the second', async () => {
        const lastModified = Date.parse((await client.head(`/media/${KEY}`)).headers['last-modified']);
        const ranged = (date: number) => binary(client.get(`/media/${KEY}`).set({ Range: 'bytes=0-9', 'If-Range': new Date(date).toUTCString() }));
        const current = await ranged(lastModified);
        expect(current.status).to.equal(206);
        expect(Buffer.compare(current.body, IMAGE.subarray(0, 10))).to.equal(0);
        // A copy older or newer than the file's is another version: the whole file, not a piece to splice into it.
        for (const other of [lastModified - 86_400_000, lastModified + 1000]) {
          const response = await ranged(other);
          expect(response.status, new Date(other).toUTCString()).to.equal(200);
          expect(response.body.length).to.equal(IMAGE.length);
        }
      });

      it('answers HEAD with the headers and no body; 404 for a missing file', async () => {
        const head = await client.head(`/media/${KEY}`);
        expect(head.status).to.equal(200);
        expect(head.headers).to.include({ 'content-length': String(IMAGE.length), etag, 'content-type': 'image/jpeg' });
        expect(head.text ?? '').to.equal('');
        expect((await client.head('/media/themes/9/missing.jpg')).status).to.equal(404);
        expect((await client.get('/media/themes/9/missing.jpg')).status).to.equal(404);
        expect((await client.get('/media/themes/9/missing.jpg').set('Range', 'bytes=0-1')).status).to.equal(404);
      });

      if (storage === 's3') {
        it('answers HEAD from the object\'s facts alone, never fetching a body it would not send', async () => {
          const sentBefore = s3.requests().length;
          expect((await client.head(`/media/${KEY}`)).status).to.equal(200);
          expect((await client.head(`/media/${KEY}`).set('Range', 'bytes=0-9')).status).to.equal(206);
          const head = `HEAD /${s3.bucket}/${S3_PREFIXES.media}${KEY}`;
          expect(s3.requests().slice(sentBefore)).to.deep.equal([head, head]);
        });
      }

      it('never serves a file of the private area, whatever the path', async () => {
        // The same bytes in the public area are served: the attempts below fail only for being private.
        expect((await client.get(`/media/${KEY}`)).status).to.equal(200);
        for (const attempt of ['/media/order-sets/1/secret.jpg', '/media/private/order-sets/1/secret.jpg', '/media/..%2fprivate%2forder-sets%2f1%2fsecret.jpg',
          '/media/../private/order-sets/1/secret.jpg', '/media/%2e%2e/private/order-sets/1/secret.jpg']) {
          expect((await client.get(attempt)).status, attempt).to.be.oneOf([400, 404]);
        }
      });
    });
  }

  describe('when the object store fails', () => {
    let runtime: TestRuntime;
    before(async () => {
      runtime = await testRuntime({ ...s3.env(), S3_TIMEOUT_MS: '1000' }, undefined, s3);
      await runtime.media.put(KEY, IMAGE);
    });
    after(() => runtime.dispose());
    afterEach(() => {
      s3.failNext(0);
      s3.delay(0);
    });

    it('answers 503 with Retry-After and the error shape, for a plain GET, a range and a stalled store', async () => {
      const client = request(buildApp(runtime).callback());
      for (const [name, cause, headers] of [['failing', () => s3.failNext(1000), {}], ['failing, range', () => s3.failNext(1000), { Range: 'bytes=0-9' }],
        ['stalled', () => s3.delay(10_000), {}]] as const) {
        cause();
        const response = await client.get(`/media/${KEY}`).set(headers);
        expect(response.status, name).to.equal(503);
        expect(response.headers['retry-after'], name).to.equal('2');
        expect(response.body, name).to.deep.equal({ detail: 'Media storage temporarily unavailable, try again shortly.' });
        s3.failNext(0);
        s3.delay(0);
      }
      expect((await client.get(`/media/${KEY}`)).status).to.equal(200);
    });

    it('describes no file in a 503 that came after the file\'s facts were read (a range whose read fails)', async () => {
      const client = request(buildApp(runtime).callback());
      // The HEAD that finds the size succeeds; the ranged GET after it fails on every try.
      s3.failNext(1000, 'error', { after: 1 });
      const response = await client.get(`/media/${KEY}`).set('Range', 'bytes=0-9');
      expect(response.status).to.equal(503);
      for (const header of ['content-range', 'last-modified', 'etag', 'accept-ranges', 'cache-control']) {
        expect(response.headers, header).to.not.have.property(header);
      }
    });
  });
});
