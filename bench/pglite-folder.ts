// A PGlite data folder seeded by `photobook seed --demo --products N`, kept in /tmp and reused while it holds N products.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { lockDataFolder } from '../src/db/data-folder-lock';
import { openPGlite } from '../src/db/pglite';

export function pgliteFolderFor(products: number): string {
  return process.env.BENCH_PGLITE_DIR ?? `/tmp/photobook-bench-pglite-${products === 1_000_000 ? '1m' : products}`;
}

/** Opened and closed again before the service starts: the service locks the folder for itself. */
async function productCount(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'pgdata');
  if (!existsSync(dir)) return 0;
  const release = lockDataFolder(dir, 'bench');
  const db = await openPGlite(dir).catch((error: unknown) => {
    release();
    throw error;
  });
  try {
    const { rows } = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await db.close();
    release();
  }
}

/** The folder, seeded now unless it already holds `products` products. */
export async function seededPGliteFolder(products: number): Promise<string> {
  const dataDir = pgliteFolderFor(products);
  if ((await productCount(dataDir)) >= products) return dataDir;
  // A folder with fewer products is a half-finished or smaller seed: start again from nothing.
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`seeding PGlite in ${dataDir} with ${products} products ...`);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'photobook'), 'seed', '--demo', '--products', String(products)], {
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`PGlite seed failed with exit code ${result.status}`);
  console.log(`seeded PGlite in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return dataDir;
}
