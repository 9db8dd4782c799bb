// Memory of `photobook serve` while one user's clients never read: SOCKETS_PER_USER (20) plain WebSocket connections,
// each paused right after it opens (but in the first run), each sending `layout`/`join` (answered with the whole layout) at its share of
// USER_EVENTS_PER_SECOND for BENCH_SECONDS (60). Three runs: clients that read (the memory the work itself takes),
// clients that never read with the default SOCKET_OUTGOING_BUFFER_BYTES (1 MiB), and the same with 1 GiB, which
// bounds nothing here (the service as it was). Prints every 10 s the server's resident memory (from /proc), what it
// holds for its connections (photobook_editing_outgoing_bytes) and the connections it dropped as slow readers. On a
// fresh database of the local PostgreSQL server (BENCH_ADMIN_URL): the embedded PGlite's own memory would drown the
// figures.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createBenchDatabase, dropBenchDatabase } from './database';
import { photobook, serve } from './photobook-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = 20;
const JOINS_PER_SECOND = 400 / CONNECTIONS;
const MIB = 1024 * 1024;
const DATABASE = 'photobook_bench_slow_readers';

const residentMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

async function measure(clients: 'reading' | 'never reading', outgoingBufferBytes: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-slow-readers-'));
  const database = await createBenchDatabase(DATABASE);
  // Pings far apart: clients that never read would otherwise be dropped for the pings they cannot answer (after 50 s
  // with the default interval), which hides what the buffer's bound does until then.
  const env = {
    DATA_DIR: dataDir, DATABASE_URL: database.url, SOCKET_OUTGOING_BUFFER_BYTES: String(outgoingBufferBytes), WEBSOCKET_PING_INTERVAL_MS: '600000',
  };
  try {
    photobook(['seed', '--demo', '--themes', '1'], env);
    photobook(['create-admin', '--email', 'reader@bench.test'], env);
    const token = photobook(['issue-token', '--email', 'reader@bench.test'], env);
    const { child, url } = await serve(env);
    const sockets: WebSocket[] = [];
    try {
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const { results: [product] } = (await (await fetch(`${url}/api/product/`, { headers })).json()) as { results: { id: number }[] };
      const layout = (await (await fetch(`${url}/api/ua/layout/`, { method: 'POST', headers, body: JSON.stringify({ product_id: product.id }) })).json()) as { id: string };
      const join = JSON.stringify({ object: 'layout', action: 'join', params: { layout_id: layout.id } });
      for (let index = 0; index < CONNECTIONS; index += 1) {
        const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ua/product/ws?jwt=${token}`);
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('open', resolve));
        if (clients === 'never reading') socket.pause();
        sockets.push(socket);
      }
      const row = async (second: number) => `| ${clients} | ${outgoingBufferBytes} | ${second} | ${residentMiB(child.pid!).toFixed(0)} `
        + `| ${(await metric(url, 'photobook_editing_outgoing_bytes') / MIB).toFixed(1)} `
        + `| ${await metric(url, 'photobook_editing_connections_dropped_total{reason="slow_reader"}')} |`;
      console.log(await row(0));
      const sending = setInterval(() => {
        for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(join);
      }, 1000 / JOINS_PER_SECOND);
      for (let second = 10; second <= SECONDS; second += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        console.log(await row(second));
      }
      clearInterval(sending);
    } finally {
      sockets.forEach((socket) => socket.terminate());
      await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database.name);
  }
}

async function main(): Promise<void> {
  console.log(`${CONNECTIONS} plain WebSocket connections of one user, ${JOINS_PER_SECOND} joins/s each, ${SECONDS} s`);
  console.log('| clients | SOCKET_OUTGOING_BUFFER_BYTES | s | RSS MiB | held MiB | dropped as slow readers |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  await measure('reading', MIB);
  await measure('never reading', MIB);
  await measure('never reading', 1024 * MIB);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
