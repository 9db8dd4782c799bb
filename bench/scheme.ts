// Editing channel benchmark: 100 editors on 10 layouts, each sending page/set messages as fast as its acks return,
// for 10 s, against `photobook serve` (PostgreSQL server, then PGlite) and against a bare Socket.IO echo server; then
// the mixed workload (block/set, block/crop, block/text and page/set in turn) on both databases.
// Prints acknowledged messages per second, p50 and p99 ack latency, and the ratio to the echo server; and the server
// process's CPU time per acknowledged message, which a busy machine changes less than the rates.
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connectEditors, cpuMs, databaseCpuMs, type Editor, machineMs, mixedMessage, percentile, schemeMessage, startChild, stopChild, type Target, withService,
} from './editing-service';

const EDITORS = 100;
const LAYOUTS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
interface Figures {
  acks: number; errors: number; errorCodes: Record<string, number>; perSecond: number; p50: number; p99: number; eventsPerSecond: number; cpuMsPerAck: number; lastAck?: unknown;
  /** The benchmark's own CPU (the 100 clients), PostgreSQL's processes' and the whole machine's busy time, per ack. */
  clientCpuMsPerAck: number; databaseCpuMsPerAck: number; machineBusyMsPerAck: number;
  /** Busy share of the machine's cores over the run (1 = every core busy all the time). */
  machineBusy: number;
}

type Workload = (editor: Editor, turn: number) => { object: string; action: string };

async function drive(target: Target, workload: Workload = schemeMessage): Promise<Figures> {
  const sockets = await connectEditors(target);
  const latencies: number[] = [];
  let errors = 0;
  const errorCodes: Record<string, number> = {};
  let events = 0;
  let lastAck: unknown;
  for (const socket of sockets) socket.on('layout:changed', () => { events += 1; });
  const cpuBefore = cpuMs(target.serverPid);
  const clientBefore = process.cpuUsage();
  const databaseBefore = databaseCpuMs();
  const machineBefore = machineMs();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(sockets.map(async (socket, index) => {
    const editor = target.editors[index];
    for (let turn = index; performance.now() < deadline; turn += 1) {
      const message = workload(editor, turn);
      const sent = performance.now();
      const ack = await socket.emitWithAck('message', message);
      latencies.push(performance.now() - sent);
      if (ack.error) {
        errors += 1;
        const kind = `${message.object}/${message.action}: ${ack.error.code} ${ack.error.message}`.slice(0, 120);
        errorCodes[kind] = (errorCodes[kind] ?? 0) + 1;
      }
      lastAck = ack;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(target.serverPid) - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  const database = databaseCpuMs() - databaseBefore;
  const machine = machineMs();
  const acked = Math.max(1, latencies.length - errors);
  for (const socket of sockets) socket.close();
  latencies.sort((a, b) => a - b);
  return {
    acks: latencies.length - errors, errors, errorCodes, perSecond: (latencies.length - errors) / elapsed,
    p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), eventsPerSecond: events / elapsed,
    cpuMsPerAck: cpu / acked, lastAck,
    clientCpuMsPerAck: (client.user + client.system) / 1000 / acked, databaseCpuMsPerAck: database / acked,
    machineBusyMsPerAck: (machine.busy - machineBefore.busy) / acked,
    machineBusy: (machine.busy - machineBefore.busy) / (machine.total - machineBefore.total),
  };
}

const measureService = (kind: 'postgres' | 'pglite', workload: Workload = schemeMessage) =>
  withService(kind, LAYOUTS, EDITORS / LAYOUTS, (target) => drive(target, workload));

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
  if (only) return console.log(await measureService(only, process.env.BENCH_WORKLOAD === 'mixed' ? mixedMessage : schemeMessage));
  const postgres = await measureService('postgres');
  const pglite = await measureService('pglite');
  const mixedPostgres = await measureService('postgres', mixedMessage);
  const mixedPglite = await measureService('pglite', mixedMessage);
  const echoAfter = await measureEcho();
  const fanout = await measureEcho(postgres.lastAck);
  const echoRate = (echoBefore.perSecond + echoAfter.perSecond) / 2;
  const row = (name: string, figures: Figures) => console.log(`| ${name} | ${Math.round(figures.perSecond)} | ${figures.p50.toFixed(1)} | `
    + `${figures.p99.toFixed(1)} | ${(figures.perSecond / echoRate).toFixed(2)} | ${(figures.perSecond / fanout.perSecond).toFixed(2)} | `
    + `${Math.round(figures.eventsPerSecond)} | ${figures.errors} | ${figures.cpuMsPerAck.toFixed(3)} | ${(fanout.cpuMsPerAck / figures.cpuMsPerAck).toFixed(2)} | `
    + `${figures.databaseCpuMsPerAck.toFixed(3)} | ${figures.clientCpuMsPerAck.toFixed(3)} | ${figures.machineBusyMsPerAck.toFixed(3)} | ${(figures.machineBusy * 100).toFixed(0)}% |`);
  console.log('| target | acks/s | p50 ms | p99 ms | / echo | / echo with fan-out | layout:changed received/s | error acks | server CPU ms per ack | '
    + 'fan-out echo\'s CPU per ack / this | PostgreSQL CPU ms per ack | clients\' CPU ms per ack | machine busy ms per ack | machine busy |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  row('photobook serve, PostgreSQL server', postgres);
  row('photobook serve, PGlite', pglite);
  row('mixed workload, PostgreSQL server', mixedPostgres);
  row('mixed workload, PGlite', mixedPglite);
  row('echo server (before)', echoBefore);
  row('echo server (after)', echoAfter);
  row('echo server with the service\'s fan-out and page size', fanout);
  for (const [name, figures] of Object.entries({ postgres, pglite, mixedPostgres, mixedPglite })) {
    if (figures.errors > 0) console.log(`error acks of ${name}:`, figures.errorCodes);
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
