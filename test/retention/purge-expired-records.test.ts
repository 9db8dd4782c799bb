import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { purgeExpiredRecords } from '../../jobs/purge-expired-records';
import { DATABASE_KIND } from '../helpers/database';
import { jobsSettled } from '../helpers/jobs';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`purging expired records on a schedule (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let userId: number;
  let layoutId: string;

  before(async () => {
    runtime = await testRuntime({ EDITING_REPLAY_WINDOW_HOURS: '24' });
    userId = (await runtime.users.create({ email: 'editor@example.com', role: 'user' })).id;
    layoutId = (await runtime.db.sql.query<{ id: string }>('INSERT INTO layouts (owner_id) VALUES ($1) RETURNING id', [userId])).rows[0].id;
    await runtime.queue.work(runtime.jobContext);
  });
  after(() => runtime.dispose());

  /** Rows as old as given (hours before now); returns their keys. */
  const transactionsAged = async (hoursAgo: number[]) => {
    const ids = hoursAgo.map(() => randomUUID());
    for (const [index, hours] of hoursAgo.entries()) {
      await runtime.db.sql.query(`INSERT INTO layout_transactions (user_id, transaction_id, layout_id, message_hash, ack, created_at)
        VALUES ($1, $2, $3, 'hash', '{"version": 1}', now() - make_interval(hours => $4))`, [userId, ids[index], layoutId, hours]);
    }
    return ids;
  };
  const keysAged = async (hoursAgo: number[]) => {
    const keys = hoursAgo.map(() => randomUUID());
    for (const [index, hours] of hoursAgo.entries()) {
      await runtime.db.sql.query(`INSERT INTO idempotency_keys (user_id, scope, key, request_hash, response_status, response_body, created_at)
        VALUES ($1, 'POST /api/cart/', $2, 'hash', 201, '{}', now() - make_interval(hours => $3))`, [userId, keys[index], hours]);
    }
    return keys;
  };
  const present = async (table: 'layout_transactions' | 'idempotency_keys', column: string, ids: string[]) =>
    (await runtime.db.sql.query<{ id: string }>(`SELECT ${column}::text AS id FROM ${table} WHERE ${column}::text = ANY($1::text[])`, [ids]))
      .rows.map((row) => row.id).sort();
  const runPurge = async () => {
    const id = await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, purgeExpiredRecords, {}));
    const outcome = (await jobsSettled(runtime.queue, [id])).get(id)!;
    expect(outcome.ok).to.equal(true);
  };

  it('deletes applied editing transactions past EDITING_REPLAY_WINDOW_HOURS and keeps the ones inside it', async () => {
    const [expired, alsoExpired, recent, justInside] = await transactionsAged([25, 24 * 30, 1, 23]);
    await runPurge();
    expect(await present('layout_transactions', 'transaction_id', [expired, alsoExpired, recent, justInside])).to.deep.equal([recent, justInside].sort());
  });

  it('deletes Idempotency-Keys past their 24 hours, never used again, and keeps the ones inside them', async () => {
    const [expired, recent] = await keysAged([25, 2]);
    await runPurge();
    expect(await present('idempotency_keys', 'key', [expired, recent])).to.deep.equal([recent]);
  });

  it('deletes a backlog larger than one batch in one run', async () => {
    await runtime.db.sql.query(`INSERT INTO layout_transactions (user_id, transaction_id, layout_id, message_hash, ack, created_at)
      SELECT $1, gen_random_uuid(), $2, 'hash', '{}', now() - interval '2 days' FROM generate_series(1, 12000)`, [userId, layoutId]);
    await runPurge();
    const { rows } = await runtime.db.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM layout_transactions WHERE created_at < now() - interval '24 hours'");
    expect(rows[0].n).to.equal(0);
  });

  it('is scheduled every 15 minutes (UTC) in the queue that every worker process runs', async () => {
    const { rows } = await runtime.db.sql.query<{ cron: string; timezone: string }>(
      'SELECT cron, timezone FROM pgboss.schedule WHERE name = $1', [purgeExpiredRecords.name]);
    expect(rows).to.deep.equal([{ cron: '*/15 * * * *', timezone: 'UTC' }]);
  });
});
