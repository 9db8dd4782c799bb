// Picks the database from configuration: a server when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata, which
// this process then owns (see data-folder-lock.ts), under the name of the command that opened it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { lockDataFolder } from './data-folder-lock';
import type { DatabaseTimeouts } from './pg-timeouts';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

/** What a process is, for its pool's size: `serve` (and `demo`), `worker`, or any other command. */
export type PoolRole = 'serve' | 'worker' | 'command';

/** What opening the database needs (the configuration has it): a server's URL and its connections, or the data folder PGlite lives in. */
export interface DatabaseChoice {
  databaseUrl: string | undefined;
  databaseTimeouts: DatabaseTimeouts;
  dataDir: string;
  databaseConnections: {
    poolSizes: Readonly<Record<PoolRole, number>>;
    /** 'transaction': DATABASE_URL is a pooler in transaction mode. */
    pooler: 'transaction' | undefined;
    /** The direct URL for LISTEN; undefined: DATABASE_URL's. */
    listenUrl: string | undefined;
  };
}

/** role: what the process is, for its pool's size (DATABASE_POOL_SIZE_*); owner: the command, named in the data folder's lock. */
export async function openDatabase(config: DatabaseChoice, role: PoolRole = 'serve', owner = 'photobook'): Promise<Database> {
  const { poolSizes, listenUrl, pooler } = config.databaseConnections;
  if (config.databaseUrl) return openPostgres(config.databaseUrl, poolSizes[role], config.databaseTimeouts, { listenUrl, pooler });
  const dir = path.join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const release = lockDataFolder(dir, owner);
  try {
    const db = await openPGlite(dir);
    return { ...db, close: () => db.close().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}
