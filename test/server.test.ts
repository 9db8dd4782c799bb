import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { io as connectSocket } from 'socket.io-client';
import { createLogger } from '../src/log';
import { startServer } from '../src/server';
import { DATABASE_KIND } from './helpers/database';
import { gatedRoute } from './helpers/gated-route';
import { spawnPhotobook } from './helpers/process';
import { type TestRuntime, testRuntime, testServer } from './helpers/runtime';

function socketOutcome(url: string, token?: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectSocket(url, { auth: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: false });
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (error) => resolve(error.message));
  });
}

describe(`server lifecycle (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  afterEach(() => runtime?.dispose());

  it('lets a request in flight finish on stop, then refuses new connections', async () => {
    runtime = await testRuntime();
    const { gate, module } = gatedRoute();
    const server = await testServer(runtime, [module]);
    const inFlight = fetch(`${server.url}/api/slow/`);
    await gate.reached;
    let stoppedEarly = false;
    const stopped = server.stop().then(() => {
      stoppedEarly = true;
    });
    // The server stops accepting at once, but waits for the request in flight.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(stoppedEarly).to.equal(false);
    gate.release();
    const response = await inFlight;
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ finished: true });
    await stopped;
    let refused = false;
    await fetch(`${server.url}/healthz`).catch(() => {
      refused = true;
    });
    expect(refused).to.equal(true);
  });

  it('logs the login providers it has when it starts listening', async () => {
    runtime = await testRuntime({ VK_CLIENT_ID: 'id', VK_CLIENT_SECRET: 'secret', SANDBOX_LOGIN: '0' });
    const lines: Record<string, unknown>[] = [];
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const server = await startServer({ ...runtime, log }, { worker: false, port: 0 });
    await server.stop();
    expect(lines.find((line) => line.msg === 'listening')).to.deep.include({ loginProviders: ['vk'] });
  });

  it('serves Socket.IO on the same port: anonymous and valid tokens connect, invalid tokens are refused', async () => {
    runtime = await testRuntime();
    const server = await testServer(runtime);
    try {
      const user = await runtime.users.create({ email: 'editor@example.com' });
      expect(await socketOutcome(server.url)).to.equal('connected');
      expect(await socketOutcome(server.url, 'null')).to.equal('connected');
      expect(await socketOutcome(server.url, 'undefined')).to.equal('connected');
      expect(await socketOutcome(server.url, runtime.tokens.issue(user))).to.equal('connected');
      expect(await socketOutcome(server.url, 'forged.token.value')).to.equal('Invalid token.');
    } finally {
      await server.stop();
    }
  });
});

describe(`start-up warnings (${DATABASE_KIND})`, () => {
  it('warns at start when SANDBOX_LOGIN=1 lets other machines log in as anyone, and says nothing on loopback', async () => {
    const startLines = async (overrides: Record<string, string>) => {
      const runtime = await testRuntime(overrides);
      try {
        const lines: Record<string, unknown>[] = [];
        const log = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
        const server = await startServer({ ...runtime, log }, { worker: false, port: 0 });
        await server.stop();
        return lines;
      } finally {
        await runtime.dispose();
      }
    };
    const exposed = await startLines({ HOST: '0.0.0.0', SANDBOX_LOGIN: '1' });
    expect(exposed.find((line) => line.msg === 'listening')).to.deep.include({ loginProviders: ['sandbox'] });
    expect(exposed.filter((line) => line.level === 40).map((line) => line.msg)).to.deep.equal([
      'SANDBOX_LOGIN=1 on HOST 0.0.0.0, which other machines can reach: anyone who reaches this server can log in at /auth/sandbox/ as any e-mail address with any role, administrator included',
    ]);
    const offByDefault = await startLines({ HOST: '0.0.0.0' });
    expect(offByDefault.find((line) => line.msg === 'listening')).to.deep.include({ loginProviders: [] });
    const local = await startLines({ HOST: '127.0.0.1', SANDBOX_LOGIN: '1' });
    expect(local.find((line) => line.msg === 'listening')).to.deep.include({ loginProviders: ['sandbox'] });
    expect([...offByDefault, ...local].filter((line) => line.level === 40)).to.deep.equal([]);
  });
});

describe('photobook serve as a process (pglite)', () => {
  it('answers /readyz, then exits 0 soon after SIGTERM', async function () {
    this.timeout(90_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-serve-'));
    const child = spawnPhotobook(['serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /"port":(\d+).*"loginProviders":\["sandbox"\],"msg":"listening"/.exec(output);
          if (match) resolve(Number(match[1]));
        });
        child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${output}`)));
      });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).to.equal(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const signalled = Date.now();
      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(Date.now() - signalled).to.be.lessThan(10_000);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
