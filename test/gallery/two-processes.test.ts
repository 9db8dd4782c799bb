import { mkdtempSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime } from '../helpers/runtime';
import { type ChildServer, startChildServer } from '../realtime/child-server';
import { fixture } from './catalog-fixture';

const LIST = '/api/gallery2/product/?theme_cat=1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer { count: number; cache: string }

/** A process of the service: a child's URL, or this process's app. */
type Target = string | RequestListener;

async function ask(target: Target): Promise<Answer> {
  const response = await request(target).get(LIST);
  expect(response.status).to.equal(200);
  return { count: response.body.count as number, cache: response.headers['x-cache'] as string };
}

/** Asks until the answer satisfies the condition; every answer on the way is returned too. */
async function askUntil(target: Target, done: (answer: Answer) => boolean, seconds = 10): Promise<Answer[]> {
  const answers: Answer[] = [];
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const answer = await ask(target);
    answers.push(answer);
    if (done(answer)) return answers;
    if (Date.now() > deadline) throw new Error(`no such answer within ${seconds} s: ${JSON.stringify(answers.slice(-3))}`);
    await sleep(5);
  }
}

/** Backend pids of the service's listening connections on the test database. */
async function listenerPids(runtime: TestRuntime): Promise<number[]> {
  const { rows } = await runtime.db.sql.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE application_name = 'photobook-listener' AND datname = current_database()");
  return rows.map((row) => row.pid);
}

/** Runs fn while every listening backend is stopped (SIGSTOP): connections that stay open but deliver nothing. */
async function withListenersStalled(runtime: TestRuntime, test: Mocha.Context, fn: () => Promise<void>): Promise<void> {
  const pids = await listenerPids(runtime);
  try {
    pids.forEach((pid) => process.kill(pid, 'SIGSTOP'));
  } catch (error) {
    // Stopping a PostgreSQL backend takes the rights of its owner (root here, as in CI).
    if ((error as NodeJS.ErrnoException).code === 'EPERM') test.skip();
    throw error;
  }
  try {
    await fn();
  } finally {
    pids.forEach((pid) => process.kill(pid, 'SIGCONT'));
  }
}

// Processes sharing a database need a database server: embedded PGlite has one process by design.
if (DATABASE_KIND === 'postgres') {
  describe('gallery cache across two processes on one PostgreSQL database', function () {
    this.timeout(120_000);
    let runtime: TestRuntime;
    let dataDir: string;
    const children: ChildServer[] = [];

    /** A second process of the service; staleness: its GALLERY_MAX_STALENESS_MS. */
    const secondProcess = async (staleness: number) => {
      const child = await startChildServer({
        DATABASE_URL: runtime.db.connectionString!, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET,
        GALLERY_MAX_STALENESS_MS: String(staleness),
      });
      children.push(child);
      // Cached: asked until its cache is in use, then once more from memory.
      await askUntil(child.url, (answer) => answer.cache === 'MISS');
      expect((await ask(child.url)).cache).to.equal('HIT');
      return child;
    };
    const insertProduct = async () => {
      await runtime.db.sql.query("INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('Новая', 1, 1, 1)");
    };

    before(async () => {
      runtime = await testRuntime();
      await loadReferenceData(runtime.db);
      await loadFixture(runtime.db, fixture());
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-gallery-'));
    });
    after(async () => {
      await Promise.all(children.map((child) => child.stop()));
      await runtime.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('shows a product added through another process in its next pages, told by notification', async () => {
      // A minute of allowed staleness: only the notification can make the change visible within the test.
      const there = await secondProcess(60_000);
      const before = await ask(there.url);
      await insertProduct();
      const answers = await askUntil(there.url, (answer) => answer.count === before.count + 1);
      // The cache stayed in use: the page was dropped and made again, not bypassed.
      expect(answers.at(-1)!.cache).to.equal('MISS');
      expect((await ask(there.url)).cache).to.equal('HIT');
    });

    it('drops its cache when the listening connection is lost, and uses it again once listening', async () => {
      const there = await secondProcess(60_000);
      const before = await ask(there.url);
      await runtime.db.sql.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [await listenerPids(runtime)]);
      await insertProduct();
      // The notification of that insert went nowhere; the page is made again all the same.
      await askUntil(there.url, (answer) => answer.count === before.count + 1);
      await askUntil(there.url, (answer) => answer.cache === 'HIT');
    });

    it('waits, after a write of its own, until its notifications have caught up, even when they are held up', async function () {
      const here = buildApp(runtime).callback();
      await askUntil(here, (answer) => answer.cache === 'HIT');
      const before = await ask(here);
      await withListenersStalled(runtime, this, async () => {
        // Written through this process: its very next answer must count it, though no notification can arrive.
        await insertProduct();
        const after = await ask(here);
        expect(after.count).to.equal(before.count + 1);
        expect(after.cache).to.equal('BYPASS');
      });
    });

    it('stops serving cached pages once its maximum staleness passes without word from a stalled connection', async function () {
      const there = await secondProcess(300);
      await withListenersStalled(runtime, this, async () => {
        const before = await ask(there.url);
        await insertProduct();
        // The listener cannot deliver the insert: after at most 300 ms the process answers from the database.
        const answers = await askUntil(there.url, (answer) => answer.count === before.count + 1);
        expect(answers.at(-1)!.cache).to.equal('BYPASS');
      });
      await askUntil(there.url, (answer) => answer.cache === 'HIT');
    });
  });
}
