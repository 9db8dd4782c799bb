// Bounded growth under a flood: one user opens 2 x SOCKETS_PER_USER editing sockets and sends page/set messages on
// every admitted one, 10 in flight each, for BENCH_SECONDS (60), against the service (in this process) on a
// fresh PostgreSQL server database. The purge (the scheduled job's function) runs every PURGE_EVERY seconds with a
// window of WINDOW seconds, standing in for the 24 hours and 15 minutes of production, so that a minute shows it.
// Prints the connections admitted and refused, acks applied and rate_limited, and the size of layout_transactions
// (rows, bytes) before and after each purge, against its bound USER_EVENTS_PER_SECOND x (WINDOW + PURGE_EVERY).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { randomUUID } from 'node:crypto';
import { seedDemoCatalog } from '../src/seed/demo';
import { loadConfig } from '../src/config';
import { purgeExpiredRecords } from '../src/retention/purge';
import { openRuntime, type Runtime } from '../src/runtime';
import { startServer } from '../src/server';
import { createBenchDatabase, dropBenchDatabase } from './database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WINDOW = 20;
const PURGE_EVERY = 15;
const DATABASE = 'photobook_bench_bounds';
const IN_FLIGHT = 10;

type Ack = { version?: number; error?: { code: string } };

async function tableSize(runtime: Runtime) {
  const { rows: [row] } = await runtime.db.sql.query<{ rows: number; bytes: string }>(
    "SELECT count(*)::int AS rows, pg_total_relation_size('layout_transactions')::text AS bytes FROM layout_transactions");
  return { rows: row.rows, bytes: Number(row.bytes) };
}

const connect = (url: string, token: string) => new Promise<Socket | undefined>((resolve) => {
  const socket = io(`${url}/layout`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  socket.once('connect', () => resolve(socket));
  socket.once('connect_error', () => {
    socket.close();
    resolve(undefined);
  });
});

async function main(): Promise<void> {
  const database = await createBenchDatabase(DATABASE);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-bounds-'));
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
  const runtime = await openRuntime(config, pino({ level: 'silent' }));
  const server = await startServer(runtime, { worker: false, port: 0 });
  const url = `http://127.0.0.1:${server.port}`;
  try {
    await seedDemoCatalog(runtime, 1);
    const layouts = runtime.services.layouts;
    const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products WHERE format_id = 1 ORDER BY id LIMIT 1');
    const user = await runtime.users.create({ email: 'flood@bench.test', role: 'user' });
    const copy = { layout: await layouts.copyProduct({ id: user.id, role: 'user' }, product.id) };
    const pageIds = copy.layout.pages.filter((page) => page.type === 'PAGE').map((page) => page.id);
    const schemes = ((await layouts.schemes(1, [])) ?? []).map((scheme) => scheme.id);
    const token = runtime.tokens.issue(user);

    const { socketsPerUser, userEventsPerSecond } = config.bounds;
    const attempts = await Promise.all(Array.from({ length: socketsPerUser * 2 }, () => connect(url, token)));
    const sockets = attempts.filter((socket): socket is Socket => socket !== undefined);
    console.log(`connections: ${sockets.length} admitted, ${attempts.length - sockets.length} refused (SOCKETS_PER_USER=${socketsPerUser})`);
    console.log(`rates: SOCKET_EVENTS_PER_SECOND=${config.socketEventsPerSecond}, USER_EVENTS_PER_SECOND=${userEventsPerSecond}; window ${WINDOW} s, purge every ${PURGE_EVERY} s`);

    const counts = { applied: 0, rateLimited: 0, other: 0 };
    const endAt = Date.now() + SECONDS * 1000;
    // IN_FLIGHT messages per socket, each replaced as soon as its ack returns: more than the service applies.
    const flood = sockets.flatMap((socket, index) => Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      for (let sent = lane; Date.now() < endAt; sent += IN_FLIGHT) {
        const ack = await socket.emitWithAck('message', {
          transaction_id: randomUUID(), object: 'page', action: 'set',
          params: { layout_id: copy.layout.id, id: pageIds[(index + sent) % pageIds.length] }, payload: { id: schemes[sent % schemes.length] },
        }) as Ack;
        if (typeof ack.version === 'number') counts.applied += 1;
        else if (ack.error?.code === 'rate_limited') counts.rateLimited += 1;
        else counts.other += 1;
      }
    }));

    const bound = userEventsPerSecond * (WINDOW + PURGE_EVERY);
    let largest = 0;
    const started = Date.now();
    console.log('| s | rows before purge | bytes before | purged | rows after | bytes after | bound (rows) |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    while (Date.now() < endAt) {
      await new Promise((resolve) => setTimeout(resolve, PURGE_EVERY * 1000));
      const before = await tableSize(runtime);
      const purged = await purgeExpiredRecords(runtime.db.sql, { layoutTransactionsSeconds: WINDOW, idempotencyKeysSeconds: WINDOW, binnedLayoutsSeconds: WINDOW });
      const after = await tableSize(runtime);
      largest = Math.max(largest, before.rows);
      console.log(`| ${Math.round((Date.now() - started) / 1000)} | ${before.rows} | ${before.bytes} | ${purged.layoutTransactions} | ${after.rows} | ${after.bytes} | ${bound} |`);
    }
    await Promise.all(flood);
    for (const socket of sockets) socket.close();
    const rowBytes = (await runtime.db.sql.query<{ avg: string }>('SELECT coalesce(avg(pg_column_size(t.*)), 0)::text AS avg FROM layout_transactions t')).rows[0].avg;
    console.log(`acks in ${SECONDS} s: ${counts.applied} applied (${(counts.applied / SECONDS).toFixed(0)}/s), ${counts.rateLimited} rate_limited, ${counts.other} other errors`);
    console.log(`largest table: ${largest} rows; bound ${bound} rows: ${largest <= bound ? 'within' : 'OVER'}; average row ${Number(rowBytes).toFixed(0)} bytes`);
    // Deleted rows' space is reused by later inserts once vacuumed, not given back: the bytes follow the largest row count.
    const dayRows = userEventsPerSecond * (config.bounds.editingReplayWindowHours * 3600 + 15 * 60);
    console.log(`production bound per flooding user and process (window ${config.bounds.editingReplayWindowHours} h + 15 min): ${dayRows} rows, about ${(dayRows * Number(rowBytes) / 2 ** 30).toFixed(1)} GiB of rows`);
  } finally {
    await server.stop();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database.name);
  }
}

void main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
