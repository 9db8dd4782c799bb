// Ten processes of the service on one database that allows fewer connections than ten processes held before each had
// one listening connection (about 15 each: a pool of 10 and a LISTEN connection per channel): 8 `serve` and 2
// `worker`, all ready, and the editing journey across them (edits through every process, each applied exactly once,
// broadcast to the editors of every other process), with no connection refused. Once directly, each process sized by
// its pool (budget: pool + 1); once through PgBouncer in transaction mode (20 server connections) with the default pools.
import { expect } from 'chai';
import { TEST_DATABASE_URL } from '../helpers/database';
import { type PgBouncer, startPgBouncer } from '../helpers/pgbouncer';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { nextEvent, schemeMessage } from '../realtime/sockets';
import { type Cluster, startCluster } from './cluster';
import { type Acknowledged, EditorSession } from './editor-session';
import { limitedDatabase, type LimitedDatabase } from './limited-role';
import { call, sandboxLogin } from './web-client';

const SERVES = 8;
const WORKERS = 2;
/** What one process held before this budget: a pool of 10 and five LISTEN connections. */
const OLD_BUDGET = 15;
/** The role's ceiling: fewer than SERVES x OLD_BUDGET, more than the ten processes' budgets of 5 (pool 4 + 1). */
const LIMIT = 60;
const POOL = 4;
/** Scheme changes each editor sends, all editors at once. */
const ROUNDS = 4;
/** Refusals of a connection, in any wording the server, pg or PgBouncer use. */
const REFUSED = /too many (clients|connections)|remaining connection slots|no more connections allowed|connection limit|ECONNREFUSED/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A metric's value in a process's /metrics. */
async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  if (!line) throw new Error(`${name} not in ${base}/metrics`);
  return Number(line.split(' ')[1]);
}

interface Variant {
  title: string;
  /** The processes' database settings, given the limited database (and starting what it needs). */
  env(database: LimitedDatabase): Promise<Record<string, string>>;
  /** The most connections the service may hold on the server in this variant. */
  ceiling: number;
  after?(): Promise<void>;
}

function budgetJourney(variant: Variant) {
  return function (this: Mocha.Suite) {
    this.timeout(300_000);
    let database: LimitedDatabase | undefined;
    let cluster: Cluster | undefined;
    const editors: EditorSession[] = [];
    const token = { admin: '', shopper: '' };
    let layout: { id: string; pages: { id: string }[] };
    let schemes: number[];
    /** The most connections the role held at one moment, sampled through the test. */
    let mostConnections = 0;
    let sampling: NodeJS.Timeout | undefined;
    const every = () => [...cluster!.apis, ...cluster!.workers];

    before(async function () {
      if (!TEST_DATABASE_URL) this.skip();
      expect(LIMIT).to.be.below(SERVES * OLD_BUDGET);
      database = await limitedDatabase(LIMIT);
      cluster = await startCluster({
        ...(await variant.env(database)), JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: 'http://photobook.test',
      }, SERVES, WORKERS);
      sampling = setInterval(() => {
        database!.connections().then((count) => { mostConnections = Math.max(mostConnections, count); }, () => undefined);
      }, 100);
    });
    after(async () => {
      clearInterval(sampling);
      for (const editor of editors) editor.close();
      await cluster?.stop();
      await variant.after?.();
      await database?.drop();
      if (mostConnections) process.stdout.write(`      at most ${mostConnections} connections of the service on the server (ceiling ${variant.ceiling}, role limit ${LIMIT})\n`);
    });

    it(`starts ${SERVES} serve and ${WORKERS} worker processes, all ready, each within its connection budget`, async () => {
      for (const api of cluster!.apis) expect((await fetch(`${api.url}/readyz`)).status, api.output()).to.equal(200);
      for (const api of cluster!.apis) {
        expect(await metric(api.url, 'photobook_db_listen_connections'), api.url).to.equal(1);
        const budget = await metric(api.url, 'photobook_db_connection_budget');
        expect(await metric(api.url, 'photobook_db_connections'), api.url).to.be.at.most(budget);
      }
      expect(await database!.connections()).to.be.at.most(variant.ceiling);
    });

    it('takes a product whose preview a worker renders, and a layout of it', async () => {
      const [first, second] = cluster!.apis;
      token.admin = await sandboxLogin(first.url, 'admin@example.com', 'admin');
      token.shopper = await sandboxLogin(second.url, 'anna@example.com', 'user');
      const theme = await call(first.url, 'POST', '/api/theme/', token.admin, { name: 'Бюджет' });
      expect(theme.status, JSON.stringify(theme.body)).to.equal(201);
      const created = await call(second.url, 'POST', '/api/product/', token.admin, { theme_id: theme.body.id, format_id: 2, product_type_id: 1, name: 'Книга' });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      // The serve processes run no jobs (WORKER=0): only a worker draws the preview.
      for (let waited = 0; !(await call(first.url, 'GET', `/api/product/${created.body.id}/`, token.admin)).body.preview_cover; waited += 200) {
        expect(waited, cluster!.workers.map((worker) => worker.output().slice(-2000)).join('\n')).to.be.below(60_000);
        await sleep(200);
      }
      expect((await call(first.url, 'PATCH', `/api/theme/${theme.body.id}/`, token.admin, { approved: true })).status).to.equal(200);
      const made = await call(second.url, 'POST', `/api/ua/product/${created.body.id}/generate-layout/`, token.shopper);
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      layout = made.body;
      expect(layout.pages.length).to.be.above(SERVES);
      schemes = (await call(first.url, 'GET', `/api/ua/scheme/?fmt=${created.body.format_id}`, token.shopper)).body.map((scheme: { id: number }) => scheme.id);
      expect(schemes.length).to.be.at.least(2);
    });

    it('applies edits sent through every process exactly once, and shows each to the editors of every other process', async () => {
      const before = (await call(cluster!.apis[0].url, 'GET', `/api/ua/layout/${layout.id}/`, token.shopper)).body.version as number;
      // One editor per serve process, connected to it directly; what each is told of others' changes.
      const seen: Set<number>[] = [];
      for (const api of cluster!.apis) {
        const editor = new EditorSession(api.url, token.shopper, layout.id);
        editors.push(editor);
        await editor.connect();
        const versions = new Set<number>();
        editor.current.on('layout:changed', (change: { version: number }) => versions.add(change.version));
        seen.push(versions);
      }
      // Every editor sets the scheme of its own page, ROUNDS times, all at once.
      const acks: Acknowledged[][] = await Promise.all(editors.map(async (editor, index) => {
        const sent: Acknowledged[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          sent.push(await editor.send(schemeMessage(layout.id, layout.pages[index + 1].id, schemes[(index + round) % schemes.length])));
        }
        return sent;
      }));
      for (const [index, editor] of editors.entries()) {
        expect(editor.reconnections, `editor of process ${index}`).to.equal(0);
        for (const { ack } of acks[index]) expect(ack.error, JSON.stringify(ack)).to.equal(undefined);
      }
      // Exactly once: the version counts each transaction once, and each page has its editor's last scheme.
      const after = (await call(cluster!.apis[SERVES - 1].url, 'GET', `/api/ua/layout/${layout.id}/`, token.shopper)).body;
      expect(after.version - before).to.equal(SERVES * ROUNDS);
      expect(new Set(acks.flat().map(({ ack }) => ack.version)).size).to.equal(SERVES * ROUNDS);
      for (const [index, sent] of acks.entries()) {
        expect(after.pages.find((page: { id: string }) => page.id === layout.pages[index + 1].id).template.id).to.equal(sent.at(-1)!.message.payload.id);
      }
      // Broadcast everywhere: each editor is told of every change made through the other processes.
      for (const [index, versions] of seen.entries()) {
        const others = acks.flatMap((sent, sender) => (sender === index ? [] : sent.map(({ ack }) => ack.version!)));
        for (let waited = 0; others.some((version) => !versions.has(version)); waited += 100) {
          expect(waited, `editor of process ${index} missed ${others.filter((version) => !versions.has(version)).join(', ')}`).to.be.below(20_000);
          await sleep(100);
        }
      }
      // A message sent again, through another process, answers its first ack and changes nothing.
      const again = new EditorSession(cluster!.apis[1].url, token.shopper, layout.id);
      editors.push(again);
      const first = acks[0][0];
      const changed = nextEvent(editors[2].current, 'layout:changed', 1500).then(() => true, () => false);
      expect((await again.send(first.message)).ack).to.deep.equal(first.ack);
      expect(await changed).to.equal(false);
      expect((await call(cluster!.apis[3].url, 'GET', `/api/ua/layout/${layout.id}/`, token.shopper)).body.version).to.equal(after.version);
    });

    it('refused no connection anywhere, and every process is still ready', async () => {
      for (const process of every()) {
        expect(process.child.exitCode, process.output().slice(-2000)).to.equal(null);
        expect(process.output()).not.to.match(REFUSED);
      }
      for (const api of cluster!.apis) expect((await fetch(`${api.url}/readyz`)).status).to.equal(200);
      expect(mostConnections).to.be.at.most(variant.ceiling);
    });
  };
}

describe(`${SERVES} serve and ${WORKERS} worker processes on a database that allows ${LIMIT} connections (< ${SERVES} x ${OLD_BUDGET}): the editing journey (postgres only)`,
  budgetJourney({
    title: 'direct',
    // Each process: its pool and one listening connection.
    ceiling: (SERVES + WORKERS) * (POOL + 1),
    env: async (database) => ({ DATABASE_URL: database.url, DATABASE_POOL_SIZE_SERVE: String(POOL), DATABASE_POOL_SIZE_WORKER: String(POOL) }),
  }));

let bouncer: PgBouncer | undefined;
const BOUNCER_POOL = 20;
describe(`the same through PgBouncer in transaction mode with ${BOUNCER_POOL} server connections, the pools at their defaults (postgres only)`,
  budgetJourney({
    title: 'pgbouncer',
    // The pooler's server connections, and each process's one direct listening connection.
    ceiling: BOUNCER_POOL + SERVES + WORKERS,
    env: async (database) => {
      bouncer = await startPgBouncer({ serverUrl: database.url, poolSize: BOUNCER_POOL });
      // The defaults, whatever the run's environment says (.ci/run lowers them for its parallel files).
      return {
        DATABASE_URL: bouncer.url, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: database.url, DATABASE_POOL_SIZE_SERVE: '10', DATABASE_POOL_SIZE_WORKER: '10',
      };
    },
    after: async () => {
      await bouncer?.stop();
    },
  }));
