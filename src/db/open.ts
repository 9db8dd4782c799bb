// Picks the database from configuration: a server when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata, which
// this process then owns (see data-folder-lock.ts).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { PoolRole } from '../config-database';
import type { Database } from './database';
import { lockDataFolder } from './data-folder-lock';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

/** role: what the process is, for its pool's size (DATABASE_POOL_SIZE_*). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseTimeouts' | 'dataDir' | 'databaseConnections'>, role: PoolRole = 'serve',
): Promise<Database> {
  const { poolSizes, listenUrl, pooler } = config.databaseConnections;
  if (config.databaseUrl) return openPostgres(config.databaseUrl, poolSizes[role], config.databaseTimeouts, { listenUrl, pooler });
  const dir = path.join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const release = lockDataFolder(dir, process.argv[2] ?? 'node');
  try {
    const db = await openPGlite(dir);
    return { ...db, close: () => db.close().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}
