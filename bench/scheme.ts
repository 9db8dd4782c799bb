// Editing channel benchmark: 100 editors on 10 layouts, each sending page/set messages as fast as its acks return,
// for 10 s, against `photobook serve` (PostgreSQL server, then PGlite) and against a bare Socket.IO echo server.
// Prints acknowledged messages per second, p50 and p99 ack latency, and the ratio to the echo server; and the server
// process's CPU time per acknowledged message, which a busy machine changes less than the rates.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/config';
import { openRuntime } from '../src/runtime';
import { createLayoutsService } from '../src/layouts/service';
import { adminQuery, databaseUrl } from './database';

const EDITORS = 100;
const LAYOUTS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BINARY = path.join(__dirname, '..', 'bin', 'photobook');

interface Target { url: string; editors: { token: string; layoutId: string; pageIds: string[]; schemes: number[] }[]; serverPid: number }
interface Figures {
  acks: number; errors: number; perSecond: number; p50: number; p99: number; eventsPerSecond: number; cpuMsPerAck: number; lastAck?: unknown;
}

/** User and system CPU time of a process so far, in ms (from /proc; clock ticks of 10 ms, Linux's USER_HZ). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, port: Number(match[1]) });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

const stopChild = (child: ChildProcess) => new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

/** The demo catalog, ten shoppers with a copy of a square product's layout each; returns what the editors need. */
async function prepare(env: Record<string, string>): Promise<Target['editors']> {
  const seeded = spawnSync(process.execPath, [BINARY, 'seed', '--demo', '--themes', '2'], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' });
  const runtime = await openRuntime(config, pino({ level: 'silent' }));
  try {
    const layouts = createLayoutsService(runtime);
    const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products WHERE format_id = 1 ORDER BY id LIMIT 1');
    const schemes = ((await layouts.schemes(1, [])) ?? []).map((scheme) => scheme.id);
    const editors: Target['editors'] = [];
    for (let index = 0; index < LAYOUTS; index += 1) {
      const user = await runtime.users.create({ email: `editor${index}@bench.test`, role: 'user' });
      const copy = await layouts.copyProduct({ id: user.id, role: 'user' }, product.id);
      if (copy.kind !== 'copied') throw new Error('no layout to copy');
      const pageIds = copy.layout.pages.filter((page) => page.type === 'PAGE').map((page) => page.id);
      const token = runtime.tokens.issue(user);
      for (let seat = 0; seat < EDITORS / LAYOUTS; seat += 1) editors.push({ token, layoutId: copy.layout.id, pageIds, schemes });
    }
    return editors;
  } finally {
    await runtime.close();
  }
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

async function drive(target: Target): Promise<Figures> {
  const sockets: Socket[] = await Promise.all(target.editors.map((editor) => new Promise<Socket>((resolve, reject) => {
    const socket = io(`${target.url}/layout`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: editor.token } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  })));
  await Promise.all(sockets.map((socket, index) => socket.emitWithAck('join', { layout_id: target.editors[index].layoutId })));
  const latencies: number[] = [];
  let errors = 0;
  let events = 0;
  let lastAck: unknown;
  for (const socket of sockets) socket.on('layout:changed', () => { events += 1; });
  const cpuBefore = cpuMs(target.serverPid);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(sockets.map(async (socket, index) => {
    const editor = target.editors[index];
    for (let turn = index; performance.now() < deadline; turn += 1) {
      const message = {
        transaction_id: randomUUID(), object: 'page', action: 'set',
        params: { layout_id: editor.layoutId, id: editor.pageIds[turn % editor.pageIds.length] },
        payload: { id: editor.schemes[turn % editor.schemes.length] },
      };
      const sent = performance.now();
      const ack = await socket.emitWithAck('message', message);
      latencies.push(performance.now() - sent);
      if (ack.error) errors += 1;
      lastAck = ack;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(target.serverPid) - cpuBefore;
  for (const socket of sockets) socket.close();
  latencies.sort((a, b) => a - b);
  return {
    acks: latencies.length - errors, errors, perSecond: (latencies.length - errors) / elapsed,
    p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), eventsPerSecond: events / elapsed,
    cpuMsPerAck: cpu / Math.max(1, latencies.length - errors), lastAck,
  };
}

async function measureService(kind: 'postgres' | 'pglite'): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `photobook-scheme-${kind}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: randomUUID() + randomUUID(), SOCKET_EVENTS_PER_SECOND: '100000', USER_EVENTS_PER_SECOND: '100000',
    DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox', PUBLIC_BASE_URL: 'http://bench.test',
  };
  if (kind === 'postgres') {
    await adminQuery('DROP DATABASE IF EXISTS photobook_bench_scheme WITH (FORCE)');
    await adminQuery('CREATE DATABASE photobook_bench_scheme');
    env.DATABASE_URL = databaseUrl('photobook_bench_scheme');
  }
  try {
    const editors = await prepare(env);
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const { child, port } = await startChild([...profile, BINARY, 'serve'], { ...env, PORT: '0', HOST: '127.0.0.1', WORKER: '0', LOG_LEVEL: 'info' }, /"port":(\d+).*"msg":"listening"/);
    try {
      return await drive({ url: `http://127.0.0.1:${port}`, editors, serverPid: child.pid! });
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** fanoutAck: answer with this (a real ack) and send it to the room's other sockets too, as the service does. */
async function measureEcho(fanoutAck?: unknown): Promise<Figures> {
  const fanoutFile = path.join(os.tmpdir(), `photobook-echo-${process.pid}.json`);
  if (fanoutAck) writeFileSync(fanoutFile, JSON.stringify(fanoutAck));
  const { child, port } = await startChild(['--import', 'tsx', path.join(__dirname, 'echo-server.ts')],
    fanoutAck ? { ECHO_FANOUT_FILE: fanoutFile } : {}, /READY (\d+)/);
  try {
    const layoutIds = Array.from({ length: LAYOUTS }, () => randomUUID());
    const editors = Array.from({ length: EDITORS }, (_, index) => ({
      token: 'none', layoutId: layoutIds[index % LAYOUTS], pageIds: [randomUUID(), randomUUID()], schemes: [index + 1, index + 2],
    }));
    return await drive({ url: `http://127.0.0.1:${port}`, editors, serverPid: child.pid! });
  } finally {
    await stopChild(child);
    rmSync(fanoutFile, { force: true });
  }
}

async function main(): Promise<void> {
  console.log(`${EDITORS} editors on ${LAYOUTS} layouts, ${SECONDS} s each run`);
  const echoBefore = await measureEcho();
  const only = process.env.BENCH_ONLY as 'postgres' | 'pglite' | undefined;
  if (only) return console.log(await measureService(only));
  const postgres = await measureService('postgres');
  const pglite = await measureService('pglite');
  const echoAfter = await measureEcho();
  const fanout = await measureEcho(postgres.lastAck);
  const echoRate = (echoBefore.perSecond + echoAfter.perSecond) / 2;
  const row = (name: string, figures: Figures) => console.log(`| ${name} | ${Math.round(figures.perSecond)} | ${figures.p50.toFixed(1)} | `
    + `${figures.p99.toFixed(1)} | ${(figures.perSecond / echoRate).toFixed(2)} | ${(figures.perSecond / fanout.perSecond).toFixed(2)} | `
    + `${Math.round(figures.eventsPerSecond)} | ${figures.errors} | ${figures.cpuMsPerAck.toFixed(3)} | ${(fanout.cpuMsPerAck / figures.cpuMsPerAck).toFixed(2)} |`);
  console.log('| target | acks/s | p50 ms | p99 ms | / echo | / echo with fan-out | layout:changed received/s | error acks | server CPU ms per ack | fan-out echo\'s CPU per ack / this |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  row('photobook serve, PostgreSQL server', postgres);
  row('photobook serve, PGlite', pglite);
  row('echo server (before)', echoBefore);
  row('echo server (after)', echoAfter);
  row('echo server with the service\'s fan-out and page size', fanout);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
