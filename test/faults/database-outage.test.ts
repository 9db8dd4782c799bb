import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime } from '../helpers/runtime';
import { type CartWriter, cartWriters, type WriteOutcome, writeUntil } from './cart-writers';
import { recordFigures } from './figures';
import { type ServiceProcess, startService } from './service-process';
import { type FaultyProxy, startFaultyProxy } from './tcp-proxy';

// Short deadlines, so that the test need not wait long for them; what they are is the operator's choice.
const DEADLINE_MS = '1000';

// The outage is of a database server (a network between two processes): PGlite runs inside the service.
(DATABASE_KIND === 'postgres' ? describe : describe.skip)('database outage answered 503 with Retry-After (postgres: needs a database server)', function () {
  this.timeout(120_000);
  let runtime: TestRuntime;
  let dataDir: string;
  let proxy: FaultyProxy;
  let service: ServiceProcess;
  let writer: CartWriter;

  before(async () => {
    runtime = await testRuntime();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-outage-'));
    const direct = new URL(runtime.db.connectionString!);
    proxy = await startFaultyProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    service = await startService('serve', {
      DATABASE_URL: proxied.toString(), DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, WORKER: '0',
      DATABASE_CONNECT_TIMEOUT_MS: DEADLINE_MS, DATABASE_STATEMENT_TIMEOUT_MS: DEADLINE_MS,
    });
    [writer] = await cartWriters(runtime, service.url, 1);
  });
  after(async () => {
    await service.stop();
    await proxy.close();
    await runtime.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One write; the client gives up after 20 s, long past every deadline of the service. */
  const writeOnce = async (): Promise<WriteOutcome> => {
    await writeUntil(service.url, [writer], () => true, 20_000);
    return writer.outcomes.at(-1)!;
  };
  const expectUnavailable = (outcome: WriteOutcome) => {
    expect(outcome.status, JSON.stringify(outcome)).to.equal(503);
    expect(outcome.body).to.deep.equal({ detail: 'Service temporarily unavailable, try again shortly.' });
    expect(outcome.retryAfter).to.match(/^[1-9]\d*$/);
  };
  /** Writes until one is acknowledged after the database is back; the ms from healed to that answer. */
  const firstGoodWriteAfter = async (healedAt: number) => {
    await writeUntil(service.url, [writer], (each) => each.outcomes.at(-1)!.status === 200, 20_000);
    const last = writer.outcomes.at(-1)!;
    expect(last.status).to.equal(200);
    const { rows: [order] } = await runtime.db.sql.query<{ quantity: number }>('SELECT quantity FROM orders WHERE id = $1', [writer.orderId]);
    expect(order.quantity).to.equal(last.count);
    return last.answeredAt - healedAt;
  };

  it('while the database resets its connections and refuses new ones, then writes again once it is back', async () => {
    await writeOnce();
    await proxy.refuse();
    const outage = await writeOnce();
    expectUnavailable(outage);
    await proxy.heal();
    const firstGood = await firstGoodWriteAfter(Date.now());
    expect(service.running()).to.equal(true);
    recordFigures('serve: database resets and refuses connections (TCP proxy)', {
      answered_503_after_ms: outage.answeredAt - outage.sentAt, first_good_write_after_heal_ms: firstGood, process: 'kept running',
    });
  });

  it('during a partition (nothing forwarded, nothing closed), instead of hanging, then writes again once it heals', async () => {
    await writeOnce();
    proxy.partition();
    const outage = await writeOnce();
    expectUnavailable(outage);
    await proxy.heal();
    const firstGood = await firstGoodWriteAfter(Date.now());
    recordFigures(`serve: database partitioned (TCP proxy), deadlines ${DEADLINE_MS} ms`, {
      answered_503_after_ms: outage.answeredAt - outage.sentAt, first_good_write_after_heal_ms: firstGood, process: 'kept running',
    });
  });

  it('when a statement passes DATABASE_STATEMENT_TIMEOUT_MS (here: waiting for a row another transaction holds)', async () => {
    let outage: WriteOutcome | undefined;
    await runtime.db.transaction(async (tx) => {
      await tx.sql.query('SELECT 1 FROM order_sets WHERE id = (SELECT order_set_id FROM orders WHERE id = $1) FOR UPDATE', [writer.orderId]);
      outage = await writeOnce();
    });
    expectUnavailable(outage!);
    await firstGoodWriteAfter(Date.now());
  });
});
