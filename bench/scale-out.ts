// Scale-out benchmark: acknowledged edits per second with 1, 2 and 4 `photobook serve` processes on one PostgreSQL
// database (worker off, production settings), the editors of each layout spread over the processes so that every
// change also crosses processes (NOTIFY, the one listening connection of each). Beside it, in the same run, the
// ceiling of bench:scheme: a Socket.IO echo server that acks with a real ack of the service and sends it to the room
// (after the 1-process run and after the 4-process run, mean used). And each process's database connections, sampled every 100 ms from the server
// (pg_stat_activity by the process's application_name): held and in use (not idle), as a ratio of its budget (pool + 1).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { ADMIN_URL, createBenchDatabase, dropBenchDatabase } from './database';
import { type Editor, percentile, prepare, schemeMessage, startChild, stopChild } from './editing-service';

const BINARY = path.join(__dirname, '..', 'bin', 'photobook');
const EDITORS = Number(process.env.BENCH_EDITORS ?? 60);
const LAYOUTS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The pool of each serve process: the default (DATABASE_POOL_SIZE_SERVE). */
const POOL = Number(process.env.DATABASE_POOL_SIZE_SERVE ?? 10);
const COUNTS = [1, 2, 4];

interface Run { lastAck?: unknown; acks: number; perSecond: number; p50: number; p99: number; errors: number; connections: { held: number; busyMean: number; busyMax: number }[] }

async function connect(url: string, editor: Editor): Promise<Socket> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const made = io(`${url}/layout`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: editor.token } });
    made.once('connect', () => resolve(made));
    made.once('connect_error', reject);
  });
  await socket.emitWithAck('join', { layout_id: editor.layoutId });
  return socket;
}

/** Every editor sends page/set as fast as its acks return, for SECONDS; editor i through url i mod n. */
async function drive(urls: string[], editors: Editor[], sample?: () => Promise<void>): Promise<Omit<Run, 'connections'>> {
  const sockets = await Promise.all(editors.map((editor, index) => connect(urls[index % urls.length], editor)));
  const latencies: number[] = [];
  let errors = 0;
  let lastAck: unknown;
  const sampler = sample && setInterval(() => void sample().catch(() => undefined), 100);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(sockets.map(async (socket, index) => {
    for (let turn = index; performance.now() < deadline; turn += 1) {
      const sent = performance.now();
      const ack = await socket.emitWithAck('message', schemeMessage(editors[index], turn));
      if (ack.error) errors += 1;
      else latencies.push(performance.now() - sent);
      lastAck = ack;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  for (const socket of sockets) socket.close();
  latencies.sort((a, b) => a - b);
  return { lastAck, acks: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors };
}

/** n serve processes on the database, each naming its connections bench-serve-<i>. */
async function measureProcesses(databaseUrl: string, dataDir: string, env: Record<string, string>, editors: Editor[], count: number): Promise<Run> {
  const children = await Promise.all(Array.from({ length: count }, (_, index) => {
    const url = new URL(databaseUrl);
    url.searchParams.set('application_name', `bench-serve-${index}`);
    const ownDir = mkdtempSync(path.join(dataDir, `serve-${index}-`));
    return startChild([BINARY, 'serve'], {
      ...env, DATABASE_URL: url.toString(), DATA_DIR: ownDir, PORT: '0', HOST: '127.0.0.1', WORKER: '0', LOG_LEVEL: 'info',
    }, /"port":(\d+).*"msg":"listening"/);
  }));
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const samples = Array.from({ length: count }, () => ({ held: 0, busy: [] as number[] }));
  const database = new URL(databaseUrl).pathname.slice(1);
  const sample = async () => {
    const { rows } = await admin.query<{ name: string; held: number; busy: number }>(`SELECT application_name AS name, count(*)::int AS held,
      count(*) FILTER (WHERE state <> 'idle')::int AS busy FROM pg_stat_activity WHERE datname = $1 GROUP BY 1`, [database]);
    for (const row of rows) {
      const index = Number(/^bench-serve-(\d+)$/.exec(row.name)?.[1] ?? -1);
      if (index < 0) continue;
      samples[index].held = Math.max(samples[index].held, row.held);
      samples[index].busy.push(row.busy);
    }
  };
  try {
    const figures = await drive(children.map(({ port }) => `http://127.0.0.1:${port}`), editors, sample);
    return {
      ...figures,
      connections: samples.map(({ held, busy }) => ({
        held, busyMax: Math.max(0, ...busy), busyMean: busy.reduce((sum, value) => sum + value, 0) / Math.max(1, busy.length),
      })),
    };
  } finally {
    await admin.end();
    await Promise.all(children.map(({ child }) => stopChild(child)));
  }
}

/** The fan-out echo of bench:scheme, with a real page as its ack. */
async function measureEcho(editors: Editor[], page: unknown): Promise<Omit<Run, 'connections'>> {
  const fanoutFile = path.join(os.tmpdir(), `photobook-scale-echo-${process.pid}.json`);
  writeFileSync(fanoutFile, JSON.stringify(page));
  const { child, port } = await startChild(['--import', 'tsx', path.join(__dirname, 'echo-server.ts')], { ECHO_FANOUT_FILE: fanoutFile }, /READY (\d+)/);
  try {
    const echoEditors = editors.map((editor) => ({ ...editor, token: 'none' }));
    return await drive([`http://127.0.0.1:${port}`], echoEditors);
  } finally {
    await stopChild(child);
    rmSync(fanoutFile, { force: true });
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-scale-out-'));
  const database = await createBenchDatabase('photobook_bench_scale_out');
  const env: Record<string, string> = {
    DATA_DIR: dataDir, DATABASE_URL: database.url, NODE_ENV: 'production', JWT_SECRET: randomUUID() + randomUUID(),
    SOCKET_EVENTS_PER_SECOND: '100000', USER_EVENTS_PER_SECOND: '100000', DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox',
    PUBLIC_BASE_URL: 'http://bench.test',
  };
  try {
    const editors = await prepare(env, LAYOUTS, EDITORS / LAYOUTS);
    console.log(`${EDITORS} editors on ${LAYOUTS} layouts, ${SECONDS} s each run, pool ${POOL} per process (budget ${POOL + 1}); load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    const runs = new Map<number, Run>();
    runs.set(COUNTS[0], await measureProcesses(database.url, dataDir, env, editors, COUNTS[0]));
    // The ceiling acks with a real ack of the service (a page), before the larger runs and after them.
    const page = runs.get(COUNTS[0])!.lastAck;
    const echoBefore = await measureEcho(editors, page);
    for (const count of COUNTS.slice(1)) runs.set(count, await measureProcesses(database.url, dataDir, env, editors, count));
    const echoAfter = await measureEcho(editors, page);
    const ceiling = (echoBefore.perSecond + echoAfter.perSecond) / 2;
    console.log(`\nceiling (fan-out echo): before ${Math.round(echoBefore.perSecond)}, after ${Math.round(echoAfter.perSecond)} acks/s, mean ${Math.round(ceiling)}`);
    console.log('\n| serve processes | acks/s | / ceiling | / 1 process | p50 ms | p99 ms | error acks | each process: connections held (max) / budget, in use mean / max |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const [count, run] of runs) {
      const each = run.connections.map(({ held, busyMean, busyMax }) => `${held}/${POOL + 1} (${(held / (POOL + 1)).toFixed(2)}), ${busyMean.toFixed(1)}/${busyMax}`).join('; ');
      console.log(`| ${count} | ${Math.round(run.perSecond)} | ${(run.perSecond / ceiling).toFixed(2)} | ${(run.perSecond / runs.get(1)!.perSecond).toFixed(2)} | `
        + `${run.p50.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.errors} | ${each} |`);
    }
    console.log(`\nload average after ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}; cores ${os.cpus().length}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database.name);
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
