import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { layoutTestUsers, type LayoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { connectEditor, type EditorSocket, nextEvent, schemeMessage } from '../realtime/sockets';
import { recordFigures } from './figures';
import { type ServiceProcess, startService } from './service-process';

const APPLICATION = 'photobook-listener-cut';
const LOSSES = 4;
const PAUSE_BETWEEN_LOSSES_MS = 4000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Process A's LISTEN connection (one for all its channels, the layout changes' among them), as an operator finds it:
 * its application_name, its last statement a LISTEN or the pg_notify the listener itself sends (co-editing's presence
 * announces itself through it every few seconds). A last LISTEN may name only a channel subscribed after the others (a
 * book's member changes), so the layout changes' channel is not looked for in it. Terminated with
 * pg_terminate_backend; the pids terminated.
 */
async function terminateLayoutListener(runtime: TestRuntime): Promise<number> {
  const { rows } = await runtime.db.sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE datname = current_database() AND application_name = $1
    AND (query LIKE 'LISTEN %' OR query = 'SELECT pg_notify($1, $2)')`, [APPLICATION]);
  return rows.length;
}

// Several processes on one database need a database server: PGlite has one process by design.
(DATABASE_KIND === 'postgres' ? describe : describe.skip)('the LISTEN connection for other processes\' layout changes lost again and again (postgres: needs a database server)', function () {
  this.timeout(180_000);
  let runtime: TestRuntime;
  let here: RunningServer & { url: string };
  let there: ServiceProcess;
  let dataDir: string;
  let users: LayoutTestUsers;
  let layout: { id: string; pages: { id: string }[] };
  let scheme: number;
  const sockets: EditorSocket[] = [];

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test' });
    const { products } = await seedLayoutCatalog(runtime);
    users = await layoutTestUsers(runtime);
    here = await testServer(runtime);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-listener-cut-'));
    const url = new URL(runtime.db.connectionString!);
    url.searchParams.set('application_name', APPLICATION);
    there = await startService('serve', {
      DATABASE_URL: url.toString(), DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: 'http://photobook.test', WORKER: '0',
    });
    layout = (await request(here.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
    scheme = (await request(here.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body[0].id;
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await there?.stop();
    await here?.stop();
    await runtime?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const editorOn = async (url: string) => {
    const socket = await connectEditor(url, { token: users.owner.token });
    sockets.push(socket);
    await socket.emitWithAck('join', { layout_id: layout.id });
    return socket;
  };

  /** A change sent through one process reaches an editor connected to the other (the version it was acknowledged with). */
  const reaches = async (sender: EditorSocket, watcher: EditorSocket, page: number) => {
    const changed = nextEvent<{ version: number }>(watcher, 'layout:changed', 10_000);
    const ack = await sender.emitWithAck('message', schemeMessage(layout.id, layout.pages[page].id, scheme));
    expect(ack).to.have.property('version');
    expect((await changed).version).to.equal(ack.version);
  };

  const readiness = async () => {
    const answer = await request(there.url).get('/readyz/');
    return { status: answer.status, body: answer.body as { detail?: string } };
  };

  /** Polls A's /readyz until it answers that status (or the deadline passes); the last answer and how long it took. */
  const readinessBecomes = async (status: number, deadlineMs: number) => {
    const started = Date.now();
    let answer = await readiness();
    while (answer.status !== status && Date.now() - started < deadlineMs) {
      await pause(50);
      answer = await readiness();
    }
    return { ...answer, afterMs: Date.now() - started };
  };

  it('comes back after each of four losses 4 s apart: /readyz says 503 while it is down, and changes reach editors both ways after', async () => {
    expect((await readinessBecomes(200, 20_000)).status, there.output().slice(-3000)).to.equal(200);
    const onA = await editorOn(there.url);
    const onB = await editorOn(here.url);
    await reaches(onA, onB, 1);
    await reaches(onB, onA, 2);

    const downFor: number[] = [];
    for (let loss = 1; loss <= LOSSES; loss += 1) {
      // It listens again within seconds of a loss; wait until it does before cutting it again.
      const found = Date.now() + 20_000;
      while ((await terminateLayoutListener(runtime)) === 0 && Date.now() < found) await pause(50);
      const cutAt = Date.now();
      const down = await readinessBecomes(503, 5000);
      expect(down.status, `after loss ${loss}`).to.equal(503);
      expect(down.body.detail, `after loss ${loss}`).to.match(/other processes/);
      const back = await readinessBecomes(200, 30_000);
      expect(back.status, `after loss ${loss}: ${JSON.stringify(back.body)}\n${there.output().slice(-3000)}`).to.equal(200);
      downFor.push(Date.now() - cutAt);
      await pause(Math.max(cutAt + PAUSE_BETWEEN_LOSSES_MS - Date.now(), 0));
    }

    await reaches(onA, onB, 3);
    await reaches(onB, onA, 4);
    expect(there.running()).to.equal(true);
    const poolTimeouts = there.output().split('timeout exceeded when trying to connect').length - 1;
    expect(poolTimeouts).to.equal(0);
    recordFigures(`serve: the LISTEN connection for layout change notices terminated ${LOSSES} times, ${PAUSE_BETWEEN_LOSSES_MS / 1000} s apart`, {
      readyz_503_for_ms: downFor, pool_timeouts_logged: poolTimeouts, broadcasts_after: 'both ways',
    });
  });
});
