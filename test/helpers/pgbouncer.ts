// A PgBouncer of the test's own (Debian's `pgbouncer` package, 1.18; .ci/run installs it when missing) in front of the
// test server: transaction mode, a pool of 20 server connections, on a free port, with its ini, auth file and log in
// a temporary folder. Never the system's service. PgBouncer refuses to run as root: as root it is started with
// `-u postgres` (or `-u nobody`), which then owns its folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './runtime';

export interface PgBouncer {
  /** postgresql://user@127.0.0.1:port/database: the pooler's URL for the same database and user. */
  url: string;
  port: number;
  /** The pooler's log so far (for a failure's message). */
  log(): string;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** The server's URL of the database the pooler serves (user, host, port, database). */
  serverUrl: string;
  /** Server connections per user and database (PgBouncer's default_pool_size). */
  poolSize?: number;
}

/** The pgbouncer binary: on PATH, or Debian's place. Undefined when it is not installed. */
export function pgbouncerBinary(): string | undefined {
  for (const candidate of ['pgbouncer', '/usr/sbin/pgbouncer']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

/** A system user PgBouncer may run as when we are root: the server's own, else nobody. */
function unprivilegedUser(): { name: string; uid: number; gid: number } {
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0 && group.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()) };
  }
  throw new Error('PgBouncer does not run as root, and neither a postgres nor a nobody user exists to run it as');
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function startPgBouncer({ serverUrl, poolSize = 20 }: PgBouncerOptions): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (Debian: apt-get install pgbouncer; .ci/run installs it)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  const database = server.pathname.slice(1);
  const port = await freePort();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'photobook-pgbouncer-'));
  const logFile = path.join(folder, 'pgbouncer.log');
  writeFileSync(path.join(folder, 'users.txt'), `"${user}" ""\n`);
  // The settings docs/operations.md ("Sizing") recommends, with a pool of poolSize server connections.
  writeFileSync(path.join(folder, 'pgbouncer.ini'), [
    '[databases]',
    `${database} = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${user}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir =`,
    'auth_type = trust',
    `auth_file = ${path.join(folder, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${poolSize}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    `max_db_connections = ${poolSize}`,
    'max_client_conn = 1000',
    'server_reset_query =',
    `logfile = ${logFile}`,
    `pidfile = ${path.join(folder, 'pgbouncer.pid')}`,
    '',
  ].join('\n'));
  const root = process.getuid?.() === 0;
  const runAs = root ? unprivilegedUser() : undefined;
  if (runAs) {
    chownSync(folder, runAs.uid, runAs.gid);
    chmodSync(folder, 0o755);
    for (const file of ['users.txt', 'pgbouncer.ini']) chownSync(path.join(folder, file), runAs.uid, runAs.gid);
  }
  const child: ChildProcess = spawn(binary, [...(runAs ? ['-u', runAs.name] : []), path.join(folder, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const log = () => {
    let file = '';
    try {
      file = readFileSync(logFile, 'utf8');
    } catch {
      // Not written yet.
    }
    return `${output}${file}`;
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  for (const until = Date.now() + 10_000; !(await acceptsConnections(port)); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null || Date.now() > until) {
      const said = log();
      await stop();
      throw new Error(`pgbouncer did not start: ${said}`);
    }
  }
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), port, log, stop };
}
