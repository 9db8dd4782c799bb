// Rooms across processes: with a PostgreSQL server, the Socket.IO PostgreSQL adapter (LISTEN/NOTIFY on the database
// the service already has). Embedded PGlite has one process, so Socket.IO's in-memory adapter is all it needs.
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';

export interface SocketAdapter {
  /** undefined: the in-memory adapter. */
  adapter?: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

export function socketAdapterFor(db: Database, log: Logger): SocketAdapter {
  if (db.kind !== 'postgres' || !db.connectionString) return { close: async () => undefined };
  // Connections of its own: one stays in LISTEN, so it must never be taken from the service's pool.
  const pool = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  pool.on('error', (error) => log.warn({ err: error }, 'socket.io adapter connection lost'));
  return {
    adapter: createAdapter(pool, { errorHandler: (error) => log.warn({ err: error }, 'socket.io adapter error') }),
    close: () => pool.end(),
  };
}
