// Picks the database from configuration: a server when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata, which
// this process then owns (see data-folder-lock.ts), under the name of the command that opened it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { lockDataFolder } from './data-folder-lock';
import type { DatabaseTimeouts } from './pg-timeouts';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

/** What opening the database needs (the configuration has it): a server's URL, or the data folder PGlite lives in. */
export interface DatabaseChoice {
  databaseUrl: string | undefined;
  databaseTimeouts: DatabaseTimeouts;
  dataDir: string;
}

export async function openDatabase(config: DatabaseChoice, owner: string): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, undefined, config.databaseTimeouts);
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
