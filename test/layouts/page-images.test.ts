// The viewer's page images under load: widths snap and drawn images are kept, the drawing queue is bounded overall and
// per client address, and a request whose client has gone is not drawn. Drawings are held at the media storage (a
// gate on its reads) so that the queue's state is known, never guessed from timings.
import http, { type IncomingHttpHeaders } from 'node:http';
import { expect } from 'chai';
import sharp from 'sharp';
import type { MediaStorage } from '../../src/media/storage';
import type { RunningServer } from '../../src/server';
import { createServices } from '../../src/services';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { seedLayoutCatalog } from './catalog';

interface Answer { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** Media reads wait while the gate is closed: a drawing that reads an image holds its place in the queue. */
function gatedMedia(media: MediaStorage) {
  let opened: Promise<void> = Promise.resolve();
  let open = () => undefined as void;
  const gate = {
    close() {
      opened = new Promise<void>((resolve) => { open = resolve; });
    },
    open: () => open(),
  };
  const storage: MediaStorage = { ...media, read: async (key) => opened.then(() => media.read(key)) };
  return { storage, gate };
}

describe(`viewer page images under load (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let gate: ReturnType<typeof gatedMedia>['gate'];
  let pagePath: (num: number, width: number) => string;

  /** A GET from its own connection and client address (X-Forwarded-For, TRUST_PROXY=1), which the caller may drop. */
  const ask = (path: string, address: string) => {
    const request = http.get(`${server.url}${path}`, { agent: false, headers: { 'X-Forwarded-For': address } });
    const answer = new Promise<Answer>((resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
    });
    return { answer, drop: () => request.destroy() };
  };
  /** The counts of photobook_viewer_page_images_total by outcome, as they are now. */
  const outcomes = async () => {
    const counts = new Map((await runtime.metrics.viewerPageImages.get()).values.map((value) => [value.labels.outcome, value.value]));
    return (outcome: string) => counts.get(outcome) ?? 0;
  };
  const drawings = async () => {
    const { values } = await runtime.metrics.register.getSingleMetric('photobook_viewer_page_drawings')!.get();
    return { running: values.find((value) => value.labels.state === 'running')!.value, waiting: values.find((value) => value.labels.state === 'waiting')!.value };
  };
  /** Resolves once the drawing queue is as wanted, or after `patience` ms (the assertions that follow then tell). */
  const queueReaches = async (wanted: { running: number; waiting: number }, patience = 10_000) => {
    const until = Date.now() + patience;
    while (Date.now() < until) {
      const now = await drawings();
      if (now.running === wanted.running && now.waiting === wanted.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  before(async () => {
    runtime = await testRuntime({ TRUST_PROXY: '1', VIEWER_RENDER_QUEUE: '1', VIEWER_RENDERS_PER_ADDRESS: '2' });
    const { products } = await seedLayoutCatalog(runtime);
    const gated = gatedMedia(runtime.media);
    gate = gated.gate;
    // The services read the media they were built with: this server's are built on the gated storage.
    const gatedParts = { ...runtime, media: gated.storage };
    server = await testServer({ ...gatedParts, services: createServices(gatedParts) });
    const { rows: [{ hash }] } = await runtime.db.sql.query<{ hash: string }>(
      'SELECT l.hash FROM layouts l JOIN products p ON p.layout_id = l.id WHERE p.id = $1', [products[0]]);
    pagePath = (num, width) => `/layout/${hash}/page/${num}.jpg?width=${width}`;
  });
  afterEach(() => gate.open());
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('draws two close widths once, at the size they snap to: one ETag, one image', async () => {
    const before = await outcomes();
    const first = await ask(pagePath(1, 1951), '203.0.113.1').answer;
    const second = await ask(pagePath(1, 1999), '203.0.113.1').answer;
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    expect(second.headers.etag).to.equal(first.headers.etag);
    expect(second.body.equals(first.body)).to.equal(true);
    expect((await sharp(first.body).metadata()).width).to.equal(2000);
    const after = await outcomes();
    expect(after('drawn') - before('drawn')).to.equal(1);
    expect(after('cached') - before('cached')).to.equal(1);
  });

  it('answers 503 with Retry-After past the drawing queue, and draws what it queued', async () => {
    gate.close();
    const running = [ask(pagePath(1, 480), '203.0.113.11'), ask(pagePath(2, 480), '203.0.113.12')];
    await queueReaches({ running: 2, waiting: 0 });
    const queued = ask(pagePath(3, 480), '203.0.113.13');
    await queueReaches({ running: 2, waiting: 1 });
    const overflow = ask(pagePath(4, 480), '203.0.113.14');
    // Answered at once; were it queued instead, the drawings go on and the status below tells.
    await Promise.race([overflow.answer, queueReaches({ running: 2, waiting: 2 })]);
    gate.open();
    const refused = await overflow.answer;
    expect(refused.status).to.equal(503);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect(JSON.parse(refused.body.toString())).to.have.keys('detail');
    expect(refused.headers.etag).to.equal(undefined);
    for (const { answer } of [...running, queued]) expect((await answer).status).to.equal(200);
  });

  it('does not draw a page whose client left while it waited for its turn', async () => {
    const before = await outcomes();
    gate.close();
    const running = [ask(pagePath(1, 640), '203.0.113.21'), ask(pagePath(2, 640), '203.0.113.22')];
    await queueReaches({ running: 2, waiting: 0 });
    const leaving = ask(pagePath(3, 640), '203.0.113.23');
    leaving.answer.catch(() => undefined);
    await queueReaches({ running: 2, waiting: 1 });
    leaving.drop();
    await queueReaches({ running: 2, waiting: 0 });
    gate.open();
    for (const { answer } of running) expect((await answer).status).to.equal(200);
    await queueReaches({ running: 0, waiting: 0 });
    const after = await outcomes();
    expect(after('drawn') - before('drawn')).to.equal(2);
    expect(after('abandoned') - before('abandoned')).to.equal(1);
  });

  it('refuses a client address past VIEWER_RENDERS_PER_ADDRESS with 429 and Retry-After, and serves other addresses', async () => {
    gate.close();
    const busy = '203.0.113.31';
    const running = [ask(pagePath(1, 800), busy), ask(pagePath(2, 800), busy)];
    await queueReaches({ running: 2, waiting: 0 });
    const third = ask(pagePath(3, 800), busy);
    const other = ask(pagePath(4, 800), '203.0.113.32');
    await queueReaches({ running: 2, waiting: 1 });
    gate.open();
    const refused = await third.answer;
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect(JSON.parse(refused.body.toString())).to.have.keys('detail');
    for (const { answer } of [...running, other]) expect((await answer).status).to.equal(200);
  });
});
