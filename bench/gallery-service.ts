// The service under test (bench/gallery-server.ts) in a child process, on the PostgreSQL server or on PGlite.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface Service { child: ChildProcess; base: string }

/** postgres: DATABASE_URL; pglite: DATA_DIR holds the database (and the service locks it). */
export type ServiceDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

function serviceEnv(database: ServiceDatabase, logLevel: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, PORT: '0', HOST: '127.0.0.1', WORKER: '0', LOG_LEVEL: logLevel };
  if (database.kind === 'postgres') return { ...env, DATABASE_URL: database.url, DATA_DIR: '/tmp/photobook-bench-data' };
  return { ...env, DATA_DIR: database.dataDir };
}

/** BENCH_CPU_PROF=<dir>: the service writes a .cpuprofile there when it exits. */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export function startService(database: ServiceDatabase, logLevel = 'info'): Promise<Service> {
  const child = spawn(process.execPath, [...profileFlags(), '--import', 'tsx', path.join(__dirname, 'gallery-server.ts')], {
    env: serviceEnv(database, logLevel),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) {
        // stderr stays read (and forgotten) so that the child never blocks on a full pipe.
        output = '';
        resolve({ child, base: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited ${code}: ${output}`)));
  });
}

/** Waits for the exit: the CPU profile and PGlite's lock are only done then. */
export function stopService(service: Service): Promise<void> {
  if (service.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    service.child.once('exit', () => resolve());
    service.child.kill('SIGTERM');
  });
}
