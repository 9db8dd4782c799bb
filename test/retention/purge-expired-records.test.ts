import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { purgeExpiredRecords } from '../../src/worker/purge-expired-records';
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

  it('deletes layouts left in the bin past BIN_RETENTION_DAYS, with their pages and transactions, and keeps the rest', async () => {
    const layoutAged = async (status: string, daysAgo: number) => (await runtime.db.sql.query<{ id: string }>(
      `INSERT INTO layouts (owner_id, status, updated_at) VALUES ($1, $2, now() - make_interval(days => $3)) RETURNING id`,
      [userId, status, daysAgo])).rows[0].id;
    const binnedLong = await layoutAged('DELETED', 31);
    const binnedRecently = await layoutAged('DELETED', 29);
    const binnedInCart = await layoutAged('DELETED', 31);
    const openLong = await layoutAged('OPEN', 400);
    await runtime.db.sql.query(`INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox)
      VALUES ($1, 0, 'COVER', 100, '{"width": 100, "height": 100}')`, [binnedLong]);
    await runtime.db.sql.query(`INSERT INTO layout_transactions (user_id, transaction_id, layout_id, message_hash, ack)
      VALUES ($1, $2, $3, 'hash', '{}')`, [userId, randomUUID(), binnedLong]);
    const cart = (await runtime.db.sql.query<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'OPEN') RETURNING id", [userId])).rows[0].id;
    await runtime.db.sql.query('INSERT INTO orders (order_set_id, layout_id, price_kopecks) VALUES ($1, $2, 100000)', [cart, binnedInCart]);

    await runPurge();

    const kept = (await runtime.db.sql.query<{ id: string }>('SELECT id::text FROM layouts WHERE id = ANY($1::uuid[])',
      [[binnedLong, binnedRecently, binnedInCart, openLong]])).rows.map((row) => row.id).sort();
    expect(kept).to.deep.equal([binnedRecently, binnedInCart, openLong].sort());
    const leftOver = await runtime.db.sql.query<{ n: number }>(`SELECT (SELECT count(*) FROM layout_pages WHERE layout_id = $1)
      + (SELECT count(*) FROM layout_transactions WHERE layout_id = $1) AS n`, [binnedLong]);
    expect(Number(leftOver.rows[0].n)).to.equal(0);
  });

  it('is scheduled every 15 minutes (UTC) in the queue that every worker process runs', async () => {
    const { rows } = await runtime.db.sql.query<{ cron: string; timezone: string }>(
      'SELECT cron, timezone FROM pgboss.schedule WHERE name = $1', [purgeExpiredRecords.name]);
    expect(rows).to.deep.equal([{ cron: '*/15 * * * *', timezone: 'UTC' }]);
  });
});
