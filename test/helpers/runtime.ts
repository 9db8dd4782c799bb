// A runtime of the service on a fresh database and a temporary DATA_DIR, as `photobook serve` would build it.
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { type Config, loadConfig } from '../../src/config';
import type { RouteModule } from '../../src/http/route-module';
import { openRuntime, type Runtime } from '../../src/runtime';
import { type RunningServer, startServer } from '../../src/server';
import { freshDatabase, TEST_DATABASE_URL } from './database';
import { withPoolerSettings } from './test-pooler';
import { startS3Server, type TestS3Server } from './s3-server';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Data folders testConfig made: a config used without a runtime (or its runtime's folder replaced) is never disposed. */
const madeDataDirs: string[] = [];

/** Removes every data folder testConfig made (the root hooks call it once the run ends). */
export function removeTestDataDirs(): void {
  for (const dataDir of madeDataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'photobook-test-'));
  if (overrides.DATA_DIR === undefined) madeDataDirs.push(dataDir);
  return loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET,
    // A DATABASE_URL on the run's pooler comes with the pooler's settings (test-pooler.ts).
    PUBLIC_BASE_URL: 'http://photobook.test', ...withPoolerSettings(overrides, TEST_DATABASE_URL),
  });
}

export interface TestRuntime extends Runtime {
  /** The S3 server that holds this runtime's media (TEST_MEDIA_STORAGE=s3, or one handed to testRuntime). */
  s3?: TestS3Server;
  /** Closes the runtime and removes its DATA_DIR (and stops an S3 server it started). */
  dispose(): Promise<void>;
}

/**
 * TEST_MEDIA_STORAGE=s3 runs a test file's runtimes on a local S3 server each (started here, stopped by dispose)
 * instead of the local disk, so the tests of uploads, deletions and rendering run once against both storages.
 */
const MEDIA_ON_S3 = process.env.TEST_MEDIA_STORAGE === 's3';

/** log: where the runtime logs (silent unless a test reads the lines); s3: a server the caller owns, to keep media in. */
export async function testRuntime(
  overrides: Record<string, string> = {}, log: Logger = pino({ level: 'silent' }), s3?: TestS3Server,
): Promise<TestRuntime> {
  const ownS3 = !s3 && MEDIA_ON_S3 && !overrides.MEDIA_STORAGE ? await startS3Server() : undefined;
  const server = s3 ?? ownS3;
  const config = testConfig({ ...server?.env(), ...overrides });
  const runtime = await openRuntime(config, log, await freshDatabase()).catch(async (error: unknown) => {
    await ownS3?.close();
    throw error;
  });
  return {
    ...runtime,
    s3: server,
    async dispose() {
      await runtime.close();
      await ownS3?.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export async function testServer(runtime: Runtime, extraModules: RouteModule[] = [], worker = false): Promise<RunningServer & { url: string }> {
  const server = await startServer(runtime, { worker, port: 0, extraModules });
  return { ...server, url: `http://127.0.0.1:${server.port}` };
}

/** A port free right now, for a server whose PUBLIC_BASE_URL must be known before it starts (browser tests). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
