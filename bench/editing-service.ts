// What the editing benchmarks share: `photobook serve` in a child process on a fresh database with one layout per
// ten editors, the editors' Socket.IO clients, and CPU accounting from /proc.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/config';
import { openRuntime } from '../src/runtime';
import { createBenchDatabase } from './database';

const BINARY = path.join(__dirname, '..', 'bin', 'photobook');

/**
 * One editor's targets: page/set turns through pageIds and schemes; the mixed workload's block operations use blocks
 * on other pages (photo blocks with the book's photo, text blocks), which page/set never rebuilds.
 */
export interface Editor {
  token: string; layoutId: string; pageIds: string[]; schemes: number[];
  blocks?: { photoBlockIds: string[]; textBlockIds: string[]; photoId: number };
}
export interface Target { url: string; editors: Editor[]; serverPid: number }

/** User and system CPU time of a process so far, in ms (from /proc; clock ticks of 10 ms, Linux's USER_HZ). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time so far of every process of the PostgreSQL server (its backends come and go; those of the run stay). */
export function databaseCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(entry));
    } catch { /* the process ended meanwhile */ }
  }
  return total;
}

/** Busy and total time of all cores so far, in ms (the first line of /proc/stat; idle and iowait are not busy). */
export function machineMs(): { busy: number; total: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0) * 10;
  return { busy: total - (ticks[3] + ticks[4]) * 10, total };
}

export function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; port: number }> {
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

export const stopChild = (child: ChildProcess) => new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

/**
 * A processed 12-megapixel photo of the shopper in their book's photo list. Only its row matters to the editing
 * channel (its size and owner), so the row is written as the process-photo job leaves it, without files.
 */
async function benchPhoto(runtime: Awaited<ReturnType<typeof openRuntime>>, ownerId: number, layoutId: string): Promise<number> {
  const { rows: [{ id }] } = await runtime.db.sql.query<{ id: number }>(
    `INSERT INTO photos (owner_id, content_hash, original_key, master_key, format, bytes, width, height, status, focus_x, focus_y)
     VALUES ($1, md5(random()::text), 'photos/bench/original', 'photos/bench/master', 'jpeg', 4000000, 4000, 3000, 'ready', 0.5, 0.5)
     RETURNING id`, [ownerId]);
  await runtime.db.sql.query('UPDATE layouts SET photo_ids = $2 WHERE id = $1', [layoutId, JSON.stringify([id])]);
  // Every photo block already holds it, so that a block/crop never comes before its block/set.
  const placement = { photo_id: id, crop: { x: 0, y: 0, width: 1, height: 1 }, rotation: 0, mirror: false };
  await runtime.db.sql.query(
    `UPDATE layout_pages SET blocks = (
       SELECT jsonb_agg(CASE WHEN b->>'type' = 'PHOTO' THEN jsonb_set(b, '{content,photo}', $2::jsonb) ELSE b END)
       FROM jsonb_array_elements(blocks) b)
     WHERE layout_id = $1 AND jsonb_array_length(blocks) > 0`, [layoutId, JSON.stringify(placement)]);
  return id;
}

/**
 * BENCH_RECORDED (default 0) earlier applied transactions in all, spread over the layouts: the records of a day of
 * editing (EDITING_REPLAY_WINDOW_HOURS), which every batch looks its messages up among.
 */
const RECORDED = Number(process.env.BENCH_RECORDED ?? 0);
const RECORDED_PER_LAYOUT = Math.ceil(RECORDED / 10);

async function recordEarlierTransactions(runtime: Awaited<ReturnType<typeof openRuntime>>, userId: number, layoutId: string): Promise<void> {
  if (RECORDED_PER_LAYOUT === 0) return;
  await runtime.db.sql.query(
    `INSERT INTO layout_transactions (user_id, transaction_id, layout_id, message_hash, ack)
     SELECT $1, gen_random_uuid(), $2, md5(n::text), '{"transaction_id":null,"version":0,"response_data":{"data":null}}'
     FROM generate_series(1, $3) n`, [userId, layoutId, RECORDED_PER_LAYOUT]);
}

/** The demo catalog, one shopper with a copy of a square product's layout per `layouts`; returns what the editors need. */
export async function prepare(env: Record<string, string>, layouts: number, editorsPerLayout: number): Promise<Editor[]> {
  const seeded = spawnSync(process.execPath, [BINARY, 'seed', '--demo', '--themes', '2'], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding failed');
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' });
  const runtime = await openRuntime(config, pino({ level: 'silent' }));
  try {
    const service = runtime.services.layouts;
    const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products WHERE format_id = 1 ORDER BY id LIMIT 1');
    const schemes = ((await service.schemes(1, [])) ?? []).map((scheme) => scheme.id);
    const editors: Editor[] = [];
    for (let index = 0; index < layouts; index += 1) {
      const user = await runtime.users.create({ email: `editor${index}@bench.test`, role: 'user' });
      const copy = { layout: await service.copyProduct({ id: user.id, role: 'user' }, product.id) };
      const interior = copy.layout.pages.filter((page) => page.type === 'PAGE');
      // page/set takes the first half of the pages; the block operations the other half and the cover.
      const pageIds = interior.slice(0, interior.length / 2).map((page) => page.id);
      const others = copy.layout.pages.filter((page) => !pageIds.includes(page.id)).flatMap((page) => page.blocks);
      const photoId = await benchPhoto(runtime, user.id, copy.layout.id);
      const blocks = {
        photoBlockIds: others.filter((block) => block.type === 'PHOTO').map((block) => block.id),
        textBlockIds: others.filter((block) => block.type === 'TEXT').map((block) => block.id), photoId,
      };
      await recordEarlierTransactions(runtime, user.id, copy.layout.id);
      const token = runtime.tokens.issue(user);
      for (let seat = 0; seat < editorsPerLayout; seat += 1) editors.push({ token, layoutId: copy.layout.id, pageIds, schemes, blocks });
    }
    return editors;
  } finally {
    await runtime.close();
  }
}

/**
 * Runs `work` against `photobook serve` (worker off, production settings, per-socket limits out of the way) on a fresh
 * database of the given kind, with `layouts` layouts of `editorsPerLayout` editors each; stops and removes it all after.
 */
export async function withService<T>(
  kind: 'postgres' | 'pglite', layouts: number, editorsPerLayout: number,
  work: (target: Target, databaseUrl: string | undefined) => Promise<T>, extraEnv: Record<string, string> = {},
): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `photobook-editing-${kind}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: randomUUID() + randomUUID(), SOCKET_EVENTS_PER_SECOND: '100000', USER_EVENTS_PER_SECOND: '100000',
    DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox', PUBLIC_BASE_URL: 'http://bench.test', ...extraEnv,
  };
  if (kind === 'postgres') {
    env.DATABASE_URL = (await createBenchDatabase('photobook_bench_editing')).url;
  }
  try {
    const editors = await prepare(env, layouts, editorsPerLayout);
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const { child, port } = await startChild([...profile, BINARY, 'serve'], { ...env, PORT: '0', HOST: '127.0.0.1', WORKER: '0', LOG_LEVEL: 'info' }, /"port":(\d+).*"msg":"listening"/);
    try {
      return await work({ url: `http://127.0.0.1:${port}`, editors, serverPid: child.pid! }, env.DATABASE_URL);
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One websocket-only client per editor, each joined to its layout's room. */
export async function connectEditors(target: Target): Promise<Socket[]> {
  const sockets: Socket[] = await Promise.all(target.editors.map((editor) => new Promise<Socket>((resolve, reject) => {
    const socket = io(`${target.url}/layout`, { transports: ['websocket'], forceNew: true, reconnection: false, auth: { token: editor.token } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  })));
  await Promise.all(sockets.map((socket, index) => socket.emitWithAck('join', { layout_id: target.editors[index].layoutId })));
  return sockets;
}

/** A page/set message of the editor's layout: the turn picks the page and the scheme. */
export const schemeMessage = (editor: Editor, turn: number) => ({
  transaction_id: randomUUID(), object: 'page', action: 'set',
  params: { layout_id: editor.layoutId, id: editor.pageIds[turn % editor.pageIds.length] },
  payload: { id: editor.schemes[turn % editor.schemes.length] },
});

/**
 * The mixed workload's message for the turn: block/set, block/crop, block/text and page/set in turn, each on the
 * editor's own targets.
 */
export function mixedMessage(editor: Editor, turn: number) {
  const { photoBlockIds, textBlockIds, photoId } = editor.blocks!;
  const envelope = (object: string, action: string, id: string, payload: object) => ({
    transaction_id: randomUUID(), object, action, params: { layout_id: editor.layoutId, id }, payload,
  });
  const photoBlock = photoBlockIds[turn % photoBlockIds.length];
  switch (turn % 4) {
    case 0: return envelope('block', 'set', photoBlock, { photo_id: photoId });
    case 1: {
      const size = 0.3 + (turn % 7) / 10;
      return envelope('block', 'crop', photoBlock, { crop: { x: (turn % 5) / 10, y: (turn % 3) / 10, width: size, height: size } });
    }
    case 2: return envelope('block', 'text', textBlockIds[turn % textBlockIds.length], { text: `Страница ${turn}`, size: 10 + (turn % 8) });
    default: return schemeMessage(editor, turn);
  }
}

export const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
