import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DATABASE_KIND, emptyServerDatabaseUrl } from '../helpers/database';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { recordFigures } from './figures';
import { startService } from './service-process';
import { startFaultyProxy } from './tcp-proxy';

interface Answer {
  socket: number;
  sentAt: number;
  connection: string | undefined;
}

/** GET over a keep-alive agent; which of the agent's connections carried it, and its Connection header. */
function get(agent: http.Agent, url: string, socketIds: Map<Socket, number>): Promise<Answer> {
  const sentAt = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      const socket = socketIds.get(response.socket as Socket)!;
      response.resume();
      response.on('end', () => resolve({ socket, sentAt, connection: response.headers.connection }));
      response.on('error', reject);
    });
    request.on('socket', (socket: Socket) => {
      if (!socketIds.has(socket)) socketIds.set(socket, socketIds.size + 1);
    });
    request.on('error', reject);
  });
}

// The slow database is a server behind the test's proxy; PGlite runs inside the service.
(DATABASE_KIND === 'postgres' ? describe : describe.skip)('graceful stop under keep-alive load with a slow database (postgres: a real process behind a slowed proxy)', function () {
  this.timeout(120_000);

  it('answers what is in flight with Connection: close, serves no more requests on open connections, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-keepalive-'));
    const databaseUrl = new URL(await emptyServerDatabaseUrl());
    const proxy = await startFaultyProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    databaseUrl.hostname = '127.0.0.1';
    databaseUrl.port = String(proxy.port);
    const service = await startService('serve', { DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, WORKER: '0' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const socketIds = new Map<Socket, number>();
    const answers: Answer[] = [];
    let signalledAt = Infinity;
    try {
      // Eight clients, each sending its next request as soon as the last is answered, until the service stops
      // answering (or 20 s pass: the loop is bounded whatever happens).
      const endsAt = Date.now() + 20_000;
      const failures: unknown[] = [];
      const clients = Array.from({ length: 8 }, async () => {
        while (Date.now() < endsAt) {
          const answer = await get(agent, `${service.url}/readyz/`, socketIds).catch((error: unknown) => failures.push(error));
          if (typeof answer === 'number') return;
          answers.push(answer);
        }
      });
      // Every answer of /readyz/ waits for the database: the clients' connections are never idle for long.
      proxy.slow(20);
      while (answers.length < 100 && failures.length === 0 && Date.now() < endsAt) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(failures).to.deep.equal([]);
      signalledAt = Date.now();
      service.child.kill('SIGTERM');
      const exitCode = await service.exited;
      await Promise.all(clients);

      expect(exitCode).to.equal(0);
      // The moment the process began its stop (its own log line); requests sent since met a stopping server.
      const stoppingAt = Number(/"time":(\d+),[^\n]*"msg":"shutting down"/.exec(service.output())![1]);
      const afterSignal = answers.filter((answer) => answer.sentAt > stoppingAt);
      const perSocket = new Map<number, Answer[]>();
      for (const answer of afterSignal) perSocket.set(answer.socket, [...(perSocket.get(answer.socket) ?? []), answer]);
      for (const [socket, list] of perSocket) {
        // At most the one request that raced the stop on each open connection, answered with Connection: close.
        expect(list.map((answer) => answer.connection), `connection ${socket}`).to.deep.equal(['close']);
      }
      recordFigures('serve: SIGTERM under keep-alive load (8 clients)', {
        requests_answered_after_stop_began: afterSignal.length, of_them_keep_alive: afterSignal.filter((answer) => answer.connection !== 'close').length,
        last_answer_after_signal_ms: Math.max(...answers.map((answer) => answer.sentAt)) - signalledAt,
        exit_code: exitCode,
      });
    } finally {
      agent.destroy();
      await service.stop();
      await proxy.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
