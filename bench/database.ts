// Benchmark databases on the local PostgreSQL server (BENCH_ADMIN_URL), made by the real `photobook` binary.
//
// A benchmark never drops or overwrites a database it did not create (the server may be shared): each run creates
// databases of unique names (prefix_pid_random; CREATE DATABASE fails rather than reuse one), marks them with a
// comment, and drops only those, when done or when the process exits. The seeded catalogues the gallery bench reuses
// across runs keep a fixed name; one is reused or replaced only when it carries the benchmarks' mark.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { databaseUrlOn, runAdminStatement } from '../src/db/admin';

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** The comment on every database the benchmarks create. */
const MARK = 'made by the photobook benchmarks (bench/database.ts)';

export const databaseUrl = (name: string) => databaseUrlOn(ADMIN_URL, name);
export const adminQuery = (text: string) => runAdminStatement(ADMIN_URL, text);

/** The databases this process created and has not dropped yet. */
const created = new Set<string>();

/** Drops what is left of them when the process exits, however it exits (process.exit included): synchronously, in a child. */
function dropLeftOnExit(): void {
  const script = `const pg = require(${JSON.stringify(require.resolve('pg'))});
    (async () => { const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect();
      for (const name of process.argv.slice(2)) await c.query('DROP DATABASE IF EXISTS "' + name + '" WITH (FORCE)').catch(() => undefined);
      await c.end(); })().catch(() => undefined);`;
  process.once('exit', () => {
    if (created.size > 0) spawnSync(process.execPath, ['-e', script, ADMIN_URL, ...created], { stdio: 'ignore', timeout: 30_000 });
  });
}

/** The mark of an existing database: undefined when there is none of that name, '' when it has no comment. */
async function markOf(name: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ mark: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1", [name]);
    return rows.length === 0 ? undefined : (rows[0].mark ?? '');
  } finally {
    await client.end();
  }
}

async function createMarked(name: string): Promise<void> {
  await adminQuery(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await adminQuery(`COMMENT ON DATABASE ${pg.escapeIdentifier(name)} IS ${pg.escapeLiteral(MARK)}`);
}

/** A new, empty database of a unique name starting with prefix; dropped when the process exits unless dropped before. */
export async function createBenchDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await createMarked(name);
  if (created.size === 0) dropLeftOnExit();
  created.add(name);
  return { name, url: databaseUrl(name) };
}

/** Drops a database this process created (createBenchDatabase); any other name is refused. */
export async function dropBenchDatabase(name: string): Promise<void> {
  if (!created.has(name)) throw new Error(`refusing to drop ${name}: this benchmark did not create it`);
  await adminQuery(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  created.delete(name);
}

/**
 * Creates the database anew and seeds it with `photobook seed --demo --products N`; returns the seconds it took. A
 * database of that name is replaced only when the benchmarks made it (its mark); any other stops the run.
 */
export async function seededDatabase(name: string, products: number): Promise<{ url: string; dataDir: string; seconds: number }> {
  const mark = await markOf(name);
  if (mark !== undefined && mark !== MARK) {
    throw new Error(`database ${name} exists on ${new URL(ADMIN_URL).host} and was not made by the benchmarks: left alone; point BENCH_ADMIN_URL at another server, or drop it yourself`);
  }
  if (mark === MARK) await adminQuery(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await createMarked(name);
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'photobook'), 'seed', '--demo', '--products', String(products)], {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn',
      // Bulk chunks of a million-product seed may take longer than a request's statement should.
      DATABASE_STATEMENT_TIMEOUT_MS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`seed failed with exit code ${result.status}`);
  return { url, dataDir, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Whether a database of that name exists and carries the benchmarks' mark (one the gallery bench may reuse). */
export async function madeByBenchmarks(name: string): Promise<boolean> {
  return (await markOf(name)) === MARK;
}
