// Picks the database from configuration: a server when DATABASE_URL is set, else PGlite in DATA_DIR/pgdata.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return openPGlite(dir);
}
