// Several machines, as a shop that outgrew one runs them: two API processes and a worker on one PostgreSQL database,
// started at once on an empty database, behind a round-robin balancer, their media in one S3 bucket and nothing
// shared on disk. A journey through the balancer, during which one API process is killed.
import { expect } from 'chai';
import { recipient } from '../checkout/checkout';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';
import { type RoundRobinProxy, startRoundRobinProxy } from '../helpers/round-robin-proxy';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { nextEvent, schemeMessage } from '../realtime/sockets';
import { jpeg } from '../themes/images';
import { type ApiProcess, type Cluster, startCluster } from './cluster';
import { type Acknowledged, EditorSession } from './editor-session';
import { call, sandboxLogin } from './web-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the kill test waits for its writers to make progress before it fails, saying what it saw. */
const STALL_MS = 60_000;

/** Polls until check() answers something, at most timeoutMs; what it answered. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(200)) {
    const found = await check();
    if (found !== undefined) return found;
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** The bytes of a GET, after checking it answered 200 with an image. */
async function imageAt(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status, url).to.equal(200);
  expect(response.headers.get('content-type'), url).to.match(/^image\//);
  return Buffer.from(await response.arrayBuffer());
}

/** The bucket key of a media URL (/media/<key> is served from the bucket's media/ prefix). */
const bucketKeyOf = (url: string) => `media/${new URL(url).pathname.replace(/^\/media\//, '')}`;

/** An absolute URL of the service (on the balancer's address) on one API process's own address instead. */
const onProcess = (api: ApiProcess, url: string) => new URL(new URL(url).pathname, api.url).toString();

describe('two API processes and a worker behind a balancer: a journey (postgres only: PGlite has one process)', function () {
  this.timeout(240_000);
  let journeyStarted = 0;
  let startupMs = 0;
  let proxy: RoundRobinProxy;
  let cluster: Cluster | undefined;
  let s3: TestS3Server | undefined;
  const editors: EditorSession[] = [];
  const token = { admin: '', shopper: '' };
  let theme: { id: number };
  let cover: { image: string };
  let product: { id: number; format_id: number; preview_cover: string };
  let layout: { id: string; hash: string; pages: { id: string }[] };
  let schemes: number[];
  /** The process the shopper's editor is connected to. */
  let shopperEditorAt: string;
  /** Which process served the last request the balancer passed on. */
  const lastUpstream = () => proxy.routed[proxy.routed.length - 1].upstream;
  const api = (method: string, route: string, who: keyof typeof token, body?: unknown) => call(proxy.url, method, route, token[who], body);

  before(async function () {
    if (!TEST_DATABASE_URL) this.skip();
    journeyStarted = Date.now();
    proxy = await startRoundRobinProxy();
    s3 = await startS3Server();
    const started = Date.now();
    // Each process has a DATA_DIR of its own: whatever one serves of another's must come from the bucket.
    cluster = await startCluster({
      ...s3.env(), DATABASE_URL: await emptyServerDatabaseUrl(), JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: proxy.url,
    });
    startupMs = Date.now() - started;
    proxy.setUpstreams(cluster.apis.map((process) => process.url));
  });
  after(async () => {
    for (const editor of editors) editor.close();
    await cluster?.stop();
    await proxy?.close();
    await s3?.close();
    if (startupMs) {
      process.stdout.write(`\n      multi-node journey: ${((Date.now() - journeyStarted) / 1000).toFixed(1)} s, of which ${(startupMs / 1000).toFixed(1)} s starting the three processes\n`);
    }
  });

  it('logs an administrator and a shopper in, each step of a login reaching either process', async () => {
    const before = proxy.routed.length;
    token.admin = await sandboxLogin(proxy.url, 'admin@example.com', 'admin');
    token.shopper = await sandboxLogin(proxy.url, 'anna@example.com', 'user');
    // The login's state and the browser's binding live in the database, not in the process that started the login.
    expect(new Set(proxy.routed.slice(before).map((request) => request.upstream))).to.have.property('size', 2);
    expect((await api('GET', '/api/auth/user/', 'admin')).body).to.include({ email: 'admin@example.com', role: 'admin' });
  });

  it('takes a theme element uploaded through one process, and every process serves it', async () => {
    theme = (await api('POST', '/api/theme/', 'admin', { name: 'Море' })).body;
    const form = new FormData();
    form.set('type', 'cover');
    form.set('cover_type', 'FRONT_COVER_BACKGROUND');
    form.set('file', new Blob([await jpeg(1600, 800)], { type: 'image/jpeg' }), 'front.jpg');
    const uploaded = await fetch(`${proxy.url}/api/theme/${theme.id}/up-element/`, { method: 'POST', headers: { Authorization: `Bearer ${token.admin}` }, body: form });
    expect(uploaded.status).to.equal(201);
    const uploadedBy = lastUpstream();
    cover = (await uploaded.json()) as { image: string };
    expect(cover.image.startsWith(`${proxy.url}/media/`), cover.image).to.equal(true);
    expect(await s3!.keys()).to.include(bucketKeyOf(cover.image));
    const original = await imageAt(cover.image);
    // Through the balancer again (the other process), and from each process directly.
    expect(await imageAt(cover.image)).to.deep.equal(original);
    for (const process of cluster!.apis) expect(await imageAt(onProcess(process, cover.image)), process.url).to.deep.equal(original);
    expect(cluster!.apis.map((process) => process.url)).to.include(uploadedBy);
  });

  it('has a product\'s preview rendered by the worker, and both API processes serve it', async () => {
    const created = await api('POST', '/api/product/', 'admin', { theme_id: theme.id, format_id: 2, product_type_id: 1, name: 'Морская книга' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    // The API processes run no jobs (WORKER=0): only the worker can draw it.
    product = await eventually('the preview', async () => {
      const { body } = await api('GET', `/api/product/${created.body.id}/`, 'admin');
      return body.preview_cover ? body : undefined;
    });
    expect(await s3!.keys()).to.include(bucketKeyOf(product.preview_cover));
    const preview = await imageAt(product.preview_cover);
    for (const process of cluster!.apis) expect(await imageAt(onProcess(process, product.preview_cover)), process.url).to.deep.equal(preview);
    expect((await api('PATCH', `/api/theme/${theme.id}/`, 'admin', { approved: true })).status).to.equal(200);
  });

  it('shows two editors connected to different processes each other\'s changes', async () => {
    const made = await api('POST', `/api/ua/product/${product.id}/generate-layout/`, 'shopper');
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    layout = made.body;
    schemes = (await api('GET', `/api/ua/scheme/?fmt=${product.format_id}`, 'shopper')).body.map((scheme: { id: number }) => scheme.id);
    expect(schemes.length).to.be.at.least(2);
    const shopper = new EditorSession(proxy.url, token.shopper, layout.id);
    const admin = new EditorSession(proxy.url, token.admin, layout.id);
    editors.push(shopper, admin);
    await shopper.connect();
    shopperEditorAt = proxy.routed.filter((request) => request.kind === 'upgrade').at(-1)!.upstream;
    await admin.connect();
    expect(proxy.routed.filter((request) => request.kind === 'upgrade').at(-1)!.upstream).not.to.equal(shopperEditorAt);
    for (const [from, to, page] of [[shopper, admin, 1], [admin, shopper, 2]] as const) {
      const changed = nextEvent<{ version: number; page: unknown }>(to.current, 'layout:changed', 10_000);
      const { ack } = await from.send(schemeMessage(layout.id, layout.pages[page].id, schemes[1]));
      expect(await changed).to.deep.equal({ layout_id: layout.id, version: ack.version, page: ack.response_data!.data });
    }
  });

  it('loses no acknowledged write when one API process is killed mid-journey, and goes on through the other', async () => {
    const [shopper, admin] = editors;
    const victim = cluster!.apis.find((process) => process.url === shopperEditorAt)!;
    const versionBefore = (await api('GET', `/api/ua/layout/${layout.id}/`, 'shopper')).body.version as number;
    const acks: (Acknowledged & { by: 'shopper' | 'admin' })[] = [];
    const clones: { startedAt: number; status: number; id?: string; name: string; error?: string }[] = [];
    let writing = true;
    // Each editor sets the schemes of its own pages in turn, so each page's last acknowledged scheme is its scheme.
    const keepEditing = async (by: 'shopper' | 'admin', editor: EditorSession, pages: number[]) => {
      for (let turn = 0; writing; turn += 1) {
        const page = layout.pages[pages[turn % pages.length]].id;
        acks.push({ by, ...await editor.send(schemeMessage(layout.id, page, schemes[turn % schemes.length])) });
      }
    };
    // And the shopper copies the layout over HTTP; a request cut by the kill is not acknowledged, so not counted.
    const keepCloning = async () => {
      for (let count = 1; writing; count += 1) {
        const name = `Копия ${count}`;
        const startedAt = Date.now();
        const answer = await api('POST', `/api/ua/layout/${layout.id}/clone/`, 'shopper', { name })
          .catch((error: unknown) => ({ status: 0, body: undefined, error: String(error) }));
        clones.push({ startedAt, status: answer.status, id: answer.body?.id, name, error: 'error' in answer ? answer.error : undefined });
      }
    };
    const writes = Promise.all([keepEditing('shopper', shopper, [1, 2, 3, 4, 5]), keepEditing('admin', admin, [6, 7, 8, 9, 10]), keepCloning()]);
    const progress = (since: number) => ({
      edits: acks.filter((write) => write.at > since).length,
      clones: clones.filter((clone) => clone.status === 201 && clone.startedAt > since).length,
    });
    // Bounded, and telling what stalled: a run once waited here until the test's own timeout, saying nothing.
    const enoughSince = async (since: number) => {
      const started = Date.now();
      while (progress(since).edits < 6 || progress(since).clones < 3) {
        if (Date.now() - started > STALL_MS) {
          throw new Error(`no progress for ${STALL_MS} ms: ${JSON.stringify(progress(since))} since ${since}; last acks `
            + `${JSON.stringify(acks.slice(-3).map(({ by, at }) => ({ by, at })))}; last clones ${JSON.stringify(clones.slice(-3))}`);
        }
        await Promise.race([sleep(50), writes]);
      }
    };

    await enoughSince(0);
    // The kill follows at once an ack from the process to kill: a change acknowledged there before it was committed
    // would be lost now, and the read-back below would miss it.
    const ackCount = acks.length;
    const waitedFrom = Date.now();
    while (acks.length === ackCount || acks.at(-1)!.by !== 'shopper') {
      if (Date.now() - waitedFrom > STALL_MS) throw new Error(`no ack from the shopper's process for ${STALL_MS} ms (${acks.length - ackCount} from the other)`);
      await Promise.race([sleep(1), writes]);
    }
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    victim.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    await enoughSince(killedAt);
    writing = false;
    await writes;

    // The shopper's editor was on the killed process: it connected again, through the balancer, to the other one.
    expect(shopper.reconnections).to.be.at.least(1);
    // Every request sent after the kill was served: the balancer skips the process that refuses connections.
    expect(clones.filter((clone) => clone.startedAt > killedAt).map((clone) => clone.status)).to.satisfy((statuses: number[]) => statuses.every((status) => status === 201));
    for (const clone of clones.filter((made) => made.status === 201)) {
      const read = await api('GET', `/api/ua/layout/${clone.id}/`, 'shopper');
      expect(read.status, clone.name).to.equal(200);
      expect(read.body.name).to.equal(clone.name);
    }
    // Every acknowledged edit is in the layout: each page has the scheme of its last ack, the version counts each
    // transaction once, and an edit acknowledged before the kill sent again answers its first ack.
    const after = (await api('GET', `/api/ua/layout/${layout.id}/`, 'shopper')).body;
    for (const { ack } of acks) expect(ack.error, JSON.stringify(ack)).to.equal(undefined);
    const lastScheme = new Map(acks.map(({ message }) => [message.params.id, message.payload.id]));
    for (const page of after.pages.filter((candidate: { id: string }) => lastScheme.has(candidate.id))) {
      expect(page.template.id, `page ${page.num}`).to.equal(lastScheme.get(page.id));
    }
    expect(after.version).to.equal(Math.max(...acks.map(({ ack }) => ack.version!)));
    expect(after.version - versionBefore).to.equal(new Set(acks.map(({ message }) => message.transaction_id)).size);
    // (A transaction_id is its sender's: each one's edits are sent again by that user, on a new connection.)
    const replaying = { shopper: new EditorSession(proxy.url, token.shopper, layout.id), admin: new EditorSession(proxy.url, token.admin, layout.id) };
    editors.push(replaying.shopper, replaying.admin);
    for (const { by, message, ack } of acks.filter((write) => write.at < killedAt)) expect((await replaying[by].send(message)).ack).to.deep.equal(ack);
    expect((await api('GET', `/api/ua/layout/${layout.id}/`, 'shopper')).body.version).to.equal(after.version);
    // The media uploaded through either process is still served.
    expect((await fetch(cover.image)).status).to.equal(200);
    expect((await fetch(product.preview_cover)).status).to.equal(200);
    process.stdout.write(`      ${acks.length} edits and ${clones.filter((clone) => clone.status === 201).length} copies acknowledged, ${acks.filter((write) => write.at < killedAt).length} and ${clones.filter((clone) => clone.status === 201 && clone.startedAt < killedAt).length} of them before the kill\n`);
  });

  it('takes the shopper from cart to paid through the remaining process', async () => {
    const carted = await api('POST', `/api/ua/layout/${layout.id}/`, 'shopper');
    expect(carted.status, JSON.stringify(carted.body)).to.equal(201);
    const set = carted.body.orderset_id as number;
    expect((await api('GET', '/api/merch/order/count/', 'shopper')).body).to.deep.equal({ count: 1 });
    // The sandbox aggregator's pickup point 21 (СДЭК, Saint Petersburg), at the price it quotes.
    const quote = await api('POST', `/api/merch/orderset/${set}/delivery/check_delivery_price/`, 'shopper', { type: 'PVZ', to_city_id: 2, delivery_company_id: 1 });
    expect(quote.status, JSON.stringify(quote.body)).to.equal(200);
    const delivery = await api('POST', `/api/merch/orderset/${set}/delivery/`, 'shopper', { type: 'PVZ', delivery_point_id: 21, ...recipient, delivery_sum: quote.body.price });
    expect(delivery.status, JSON.stringify(delivery.body)).to.equal(200);
    // The sandbox payment page, on the balancer's address (PUBLIC_BASE_URL), and its Pay button.
    const link = new URL(delivery.body.link);
    expect(link.origin).to.equal(proxy.url);
    expect((await fetch(link)).status).to.equal(200);
    expect((await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' })).status).to.equal(303);
    const sets = (await api('GET', '/api/merch/orderset/', 'shopper')).body as { id: number; status: string }[];
    expect(sets.find((candidate) => candidate.id === set)?.status).to.equal('PAID');
  });
});
