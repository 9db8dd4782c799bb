// A job whose failure cannot be recorded (the connection of the failing call cut) ends failed and retried, never
// completed: pg-boss completes a job whose worker callback resolves (issue 49, item 1). PostgreSQL only: the cut is
// pg_terminate_backend of the waiting call, held at the failing call by a row lock of the test.
import { expect } from 'chai';
import pg from 'pg';
import pino from 'pino';
import type { Database } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres';
import { createMetrics } from '../../src/metrics/metrics';
import { defineJob } from '../../src/queue/job';
import { type Queue, startQueue } from '../../src/queue/queue';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a job whose failure report is cut (postgres only)', function () {
  this.timeout(60_000);
  let db: Database;
  let queue: Queue;
  let holder: pg.Client;
  let runs = 0;
  // The first run takes the job's row lock in the test's own transaction, then fails: the queue's fail() waits on it.
  const failsOnce = defineJob<Record<string, never>>({
    name: 'fails-once', expireInSeconds: 30, retry: { limit: 2, delaySeconds: 1, backoff: false }, payloadSchema: { type: 'object' },
  }, async () => {
    runs += 1;
    if (runs > 1) return;
    await holder.query('BEGIN');
    await holder.query("SELECT id FROM pgboss.job WHERE name = 'fails-once' FOR UPDATE");
    throw new Error('the store is down');
  });

  before(async function () {
    if (!TEST_DATABASE_URL) this.skip();
    const url = await emptyServerDatabaseUrl();
    db = openPostgres(url, 4);
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    queue = await startQueue(db, [failsOnce], pino({ level: 'silent' }), {}, createMetrics());
  });
  after(async () => {
    await queue?.stop();
    await holder?.end();
    await db?.close();
  });

  /** The pid of a statement of the queue waiting on the test's row lock, other than `except`. */
  const waitingOnTheRow = async (except?: number) => {
    for (;;) {
      const { rows } = await holder.query<{ pid: number }>(`
        SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND wait_event_type = 'Lock' AND query LIKE '%pgboss.job%' AND pid <> $1`, [except ?? 0]);
      if (rows[0]) return rows[0].pid;
      await sleep(20);
    }
  };

  it('records the failure and retries the job', async () => {
    const id = await db.transaction((tx) => queue.enqueue(tx, failsOnce, {}));
    await queue.work(undefined);
    const failing = await waitingOnTheRow();
    await holder.query('SELECT pg_terminate_backend($1)', [failing]);
    // What comes next for the job (pg-boss's completion or its failure) waits on the row too; then the lock goes.
    await waitingOnTheRow(failing);
    await holder.query('COMMIT');

    let job: { state: string; retry_count: number } | undefined;
    while (job?.state !== 'completed' && job?.state !== 'failed') {
      await sleep(100);
      ({ rows: [job] } = await db.sql.query<{ state: string; retry_count: number }>('SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = $1', [id]));
    }
    expect(job).to.deep.equal({ state: 'completed', retry_count: 1 });
    expect(runs).to.equal(2);
  });
});
