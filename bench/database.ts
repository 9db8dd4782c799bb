// Benchmark databases on the local PostgreSQL server (BENCH_ADMIN_URL), made by the real `photobook` binary.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseUrlOn, runAdminStatement } from '../src/db/admin';

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export const databaseUrl = (name: string) => databaseUrlOn(ADMIN_URL, name);
export const adminQuery = (text: string) => runAdminStatement(ADMIN_URL, text);

/** Creates the database anew and seeds it with `photobook seed --demo --products N`; returns the seconds it took. */
export async function seededDatabase(name: string, products: number): Promise<{ url: string; dataDir: string; seconds: number }> {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
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
