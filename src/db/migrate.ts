// Applies the committed SQL migrations in src/db/migrations in name order, each once, each in a transaction.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, SqlExecutor } from './database';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
// Any constant shared by every process of the service: two processes starting at once migrate one after the other.
// The reference data loaded on a fresh deployment takes it too (see ensureReferenceData).
export const MIGRATION_LOCK_KEY = 7_305_001;

export function migrationNames(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).sort();
}

async function appliedNames(sql: SqlExecutor): Promise<Set<string>> {
  await sql.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await sql.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((row) => row.name));
}

/** Returns the names it applied. */
export async function migrate(db: Database): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = await appliedNames(tx.sql);
    for (const name of migrationNames()) {
      if (done.has(name)) continue;
      await tx.sql.query(readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
      await tx.sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
  });
  return applied;
}

/** True when every committed migration is recorded as applied. */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const { rows } = await db.sql.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return false;
  const result = await db.sql.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(result.rows.map((row) => row.name));
  return migrationNames().every((name) => done.has(name));
}
