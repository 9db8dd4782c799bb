// The storage contract on the local disk and on an S3 server (the local test server), and how the S3 storage meets
// a server that refuses its signature, fails, resets connections or stalls.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { expect } from 'chai';
import type { S3Config } from '../../src/config/media';
import { mediaImageReader } from '../../src/layouts/drawing';
import { createS3Client, createS3Storage, S3_MAX_ATTEMPTS } from '../../src/media/s3';
import { openMediaStorages, type MediaStorages, S3_PREFIXES } from '../../src/media/open-storages';
import { isMissingMedia, type MediaStorage, MediaStorageUnavailableError } from '../../src/media/storage';
import { storedKeysOnDisk } from '../helpers/media';
import { testConfig } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { storageContract } from './storage-contract';

const PUBLIC_BASE = 'https://cdn.photobook.test/shop';

/** What a failed call threw, or undefined when it succeeded. */
const failureOf = (call: Promise<unknown>) => call.then(() => undefined, (caught: unknown) => caught as Error & { $metadata?: { httpStatusCode?: number } });

describe('media storage contract: local disk', () => {
  const config = testConfig({ MEDIA_STORAGE: 'disk', MEDIA_PUBLIC_URL: `${PUBLIC_BASE}/` });
  const storages = openMediaStorages(config);
  after(() => rmSync(config.dataDir, { recursive: true, force: true }));
  storageContract(() => ({ ...storages, publicBase: PUBLIC_BASE, storedKeys: async () => storedKeysOnDisk(path.join(config.dataDir, 'media')) }));
});

describe('media storage contract: S3', () => {
  let server: TestS3Server;
  let storages: MediaStorages;
  let dataDir: string;
  before(async () => {
    server = await startS3Server();
    const config = testConfig({ ...server.env(), MEDIA_PUBLIC_URL: PUBLIC_BASE, S3_TIMEOUT_MS: '1500' });
    dataDir = config.dataDir;
    storages = openMediaStorages(config);
  });
  after(async () => {
    storages.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    server.failNext(0);
    server.delay(0);
    server.stallBodies(0);
  });

  const mediaKeys = async () => (await server.keys()).filter((key) => key.startsWith(S3_PREFIXES.media)).map((key) => key.slice(S3_PREFIXES.media.length));
  storageContract(() => ({ ...storages, publicBase: PUBLIC_BASE, storedKeys: mediaKeys }));

  it('keeps the two areas under their prefixes of one bucket', async () => {
    await storages.media.put('layout/check.jpg', Buffer.from('public'));
    await storages.privateFiles.put('layout/check.pdf', Buffer.from('private'));
    expect(await server.keys()).to.include.members(['media/layout/check.jpg', 'private/layout/check.pdf']);
  });

  /** Runs `use` on a media area through a client of its own: the server's settings with `changes`. */
  async function withOwnClient(changes: Partial<S3Config>, use: (storage: MediaStorage, client: S3Client) => Promise<void>): Promise<void> {
    const config: S3Config = {
      endpoint: server.endpoint, bucket: server.bucket, region: server.region, forcePathStyle: true, timeoutMs: 1500,
      accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey, ...changes,
    };
    const client = createS3Client(config);
    try {
      await use(createS3Storage({ client, bucket: config.bucket, prefix: S3_PREFIXES.media, publicBase: null, timeoutMs: config.timeoutMs }), client);
    } finally {
      client.destroy();
    }
  }

  for (const [name, setting, code] of [['a wrong secret', 'secretAccessKey', 'SignatureDoesNotMatch'],
    // The key id is in no signed text: only the server's check of it refuses a client holding the secret.
    ['an unknown access key id, even with the right secret', 'accessKeyId', 'InvalidAccessKeyId']] as const) {
    it(`is refused by the server when it signs with ${name}, and stores nothing`, async () => {
      await withOwnClient({ [setting]: `${server[setting]}x` }, async (wrong) => {
        const error = await failureOf(wrong.put('signed/wrong.jpg', Buffer.from('x')));
        // A configuration fault, not an outage: it is not turned into a 503 that invites a retry.
        expect(error?.name).to.equal(code);
        expect(error?.$metadata?.httpStatusCode).to.equal(403);
        expect(error).to.not.be.instanceOf(MediaStorageUnavailableError);
        expect(await server.keys()).to.not.include('media/signed/wrong.jpg');
      });
    });
  }

  it('is refused by the server when the body is not the one whose hash was signed, and stores nothing', async () => {
    await withOwnClient({}, async (storage, client) => {
      // The signer takes a hash already in the headers as the payload's: the signature is right, over other bytes.
      client.middlewareStack.add((next) => (args) => {
        (args.request as { headers: Record<string, string> }).headers['x-amz-content-sha256'] = createHash('sha256').update('other bytes').digest('hex');
        return next(args);
      }, { step: 'build' });
      const error = await failureOf(storage.put('signed/mismatch.jpg', Buffer.from('these bytes')));
      expect(error?.name).to.equal('XAmzContentSHA256Mismatch');
      expect(await server.keys()).to.not.include('media/signed/mismatch.jpg');
    });
  });

  it('retries a failed request, so one 500 or one reset connection costs nothing', async () => {
    server.failNext(1, 'error');
    await storages.media.put('retry/a.jpg', Buffer.from('a'));
    server.failNext(1, 'reset');
    expect(String(await storages.media.read('retry/a.jpg'))).to.equal('a');
  });

  for (const kind of ['error', 'reset'] as const) {
    it(`throws MediaStorageUnavailableError when every try fails (${kind})`, async () => {
      server.failNext(S3_MAX_ATTEMPTS, kind);
      const error = await storages.media.put('down/a.jpg', Buffer.from('a')).then(() => undefined, (caught: unknown) => caught);
      expect(error).to.be.instanceOf(MediaStorageUnavailableError);
      expect(await server.keys()).to.not.include('media/down/a.jpg');
    });
  }

  it('takes a 429 (too many requests) for an outage to retry later: MediaStorageUnavailableError', async () => {
    // A deadline longer than the client's backoff after a 429 (up to 3 s in all): the error is the store's last
    // answer, not the deadline's, which would be an outage whatever the status.
    await withOwnClient({ timeoutMs: 10_000 }, async (storage) => {
      server.failNext(S3_MAX_ATTEMPTS, 'throttle');
      const error = await failureOf(storage.put('throttled/a.jpg', Buffer.from('a')));
      expect(error).to.be.instanceOf(MediaStorageUnavailableError);
      expect((error?.cause as typeof error)?.$metadata?.httpStatusCode).to.equal(429);
      expect(await server.keys()).to.not.include('media/throttled/a.jpg');
    });
  });

  it('lets a drawing tell a missing image (drawn without it) from an outage (the drawing fails, to be retried)', async () => {
    const readImage = mediaImageReader(storages.media);
    expect(await readImage('drawing/missing.jpg')).to.equal(undefined);
    server.failNext(1000);
    expect(await readImage('drawing/other.jpg').catch((error: unknown) => error)).to.be.instanceOf(MediaStorageUnavailableError);
  });

  it('gives up on a stalled server after S3_TIMEOUT_MS with MediaStorageUnavailableError, and the write is not kept', async () => {
    server.delay(20_000);
    const sentBefore = server.requests().length;
    // Without the deadline the write would succeed once the stall ends (and take longer than the test may).
    const error = await storages.media.put('stalled/a.jpg', Buffer.from('a')).then(() => undefined, (caught: unknown) => caught);
    expect(error).to.be.instanceOf(MediaStorageUnavailableError);
    // The deadline covers the call's retries too: a stalled store gets one try, not S3_MAX_ATTEMPTS idle timeouts.
    expect(server.requests().slice(sentBefore)).to.deep.equal([`PUT /${server.bucket}/media/stalled/a.jpg`]);
    server.delay(0);
    expect(await server.keys()).to.not.include('media/stalled/a.jpg');
  });

  it('fails a read whose body stops arriving half-way, rather than waiting for it', async () => {
    await storages.media.put('stalled/body.jpg', Buffer.alloc(64 * 1024, 7));
    server.stallBodies(20_000);
    const opened = await storages.media.open('stalled/body.jpg');
    // The answer's headers came at once; the socket's idle limit (S3_TIMEOUT_MS) ends the wait for the rest.
    const read = await opened!.body.toArray().then(() => undefined, (error: unknown) => error);
    expect(read).to.be.instanceOf(Error);
  });

  it('takes a missing bucket for a fault of the configuration, never for a missing file', async () => {
    await withOwnClient({ bucket: 'no-such-bucket' }, async (misconfigured) => {
      // A missing file is drawn without and answered 404; a missing bucket must fail loudly instead (500, logged).
      // One call at a time: calls started together would reject before they are awaited.
      for (const attempt of [() => misconfigured.stat('any/a.jpg'), () => misconfigured.open('any/a.jpg'), () => misconfigured.read('any/a.jpg')]) {
        const error = await failureOf(attempt());
        expect(error?.name).to.equal('NoSuchBucket');
        expect(isMissingMedia(error)).to.equal(false);
        expect(error).to.not.be.instanceOf(MediaStorageUnavailableError);
      }
    });
  });
});
