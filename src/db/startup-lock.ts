// Start-up work that every process of the service does and that two must never do at once (creating shared schema
// objects on an empty database): serialized across processes by a PostgreSQL advisory lock.
import type { Database } from './database';

/**
 * Runs fn while this process holds the advisory lock `key`. The lock sits on a connection of its own (a transaction
 * that only waits), so fn may use the pool freely; it is released when fn settles, or when the process dies.
 */
export async function whileLocked<T>(db: Database, key: number, fn: () => Promise<T>): Promise<T> {
  // Embedded PGlite has one process, the data folder's owner, and one connection, which fn needs itself.
  if (db.kind === 'pglite') return fn();
  return db.transaction(async (tx) => {
    await tx.sql.query('SELECT pg_advisory_xact_lock($1)', [key]);
    return fn();
  });
}
