import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createLogger } from '../../src/log';
import { MediaStorageUnavailableError } from '../../src/media/storage';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { seedLayoutCatalog } from '../layouts/catalog';

// An object store that answers a read, then stops sending its body half-way (a stall) or drops the connection (a cut):
// an outage of the storage like any other, never a 500 nor an outage of the database.
describe(`S3 bodies that stall or are cut mid-read (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let s3: TestS3Server;
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let hash: string;
  let imageKey: string;
  const logLines: Record<string, unknown>[] = [];

  before(async () => {
    s3 = await startS3Server();
    runtime = await testRuntime({ S3_TIMEOUT_MS: '1500' }, undefined, s3);
    await seedLayoutCatalog(runtime);
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
    client = request(buildApp({ ...runtime, log }).callback());
    ({ rows: [{ hash }] } = await runtime.db.sql.query<{ hash: string }>(
      'SELECT l.hash FROM products p JOIN layouts l ON l.id = p.layout_id JOIN themes t ON t.id = p.theme_id WHERE t.approved ORDER BY p.id LIMIT 1'));
    imageKey = (await s3.keys()).find((key) => key.startsWith('media/themes/') && !/_(sm|md)\.jpg$/.test(key))!.slice('media/'.length);
  });
  afterEach(() => {
    s3.stallBodies(0);
    s3.cutBodies(false);
  });
  after(async () => {
    await runtime.dispose();
    await s3.close();
  });

  const faults = [
    { name: 'stalls', start: () => s3.stallBodies(20_000) },
    { name: 'is cut', start: () => s3.cutBodies(true) },
  ];

  for (const [index, fault] of faults.entries()) {
    it(`read() throws MediaStorageUnavailableError when the body ${fault.name}`, async () => {
      fault.start();
      const error = await runtime.media.read(imageKey).then(() => undefined, (caught: unknown) => caught);
      expect(error).to.be.instanceOf(MediaStorageUnavailableError);
    });

    it(`draws no page while an image's body ${fault.name}: 503 for the storage with Retry-After, logged at warn without a stack`, async () => {
      fault.start();
      // A page of its own for each fault: a page drawn once may be kept.
      const requestId = `body-fault-${index}`;
      const response = await client.get(`/layout/${hash}/page/${index + 1}.jpg`).set('X-Request-Id', requestId);
      expect(response.status, JSON.stringify(response.body)).to.equal(503);
      expect(response.body).to.deep.equal({ detail: 'Media storage temporarily unavailable, try again shortly.' });
      expect(response.headers['retry-after']).to.equal('2');
      const line = logLines.find((each) => each.requestId === requestId && each.msg !== 'request')!;
      expect(line).to.deep.include({ level: 40, msg: 'media storage unavailable' });
      expect(JSON.stringify(line)).not.to.include('    at ');
    });
  }

  it('draws the page once the store sends whole bodies again', async () => {
    const response = await client.get(`/layout/${hash}/page/1.jpg`);
    expect(response.status).to.equal(200);
    expect(response.type).to.equal('image/jpeg');
  });
});
