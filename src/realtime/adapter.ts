// Rooms across processes: with a PostgreSQL server, the Socket.IO PostgreSQL adapter (LISTEN/NOTIFY on the database
// the service already has). Embedded PGlite has one process, so Socket.IO's in-memory adapter is all it needs.
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { pgTimeoutOptions } from '../db/pg-timeouts';

export interface SocketAdapter {
  /** undefined: the in-memory adapter. */
  adapter?: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * The adapter keeps one connection in LISTEN and reconnects it on its own; if the service stops while it is still
 * connecting, it would take that connection after its own close and hold the pool open. Once closed, this pool hands
 * out no connection at all (the request just never completes), so nothing can outlive the stop.
 */
class ClosablePool extends pg.Pool {
  closed = false;
  /** Connections taken with connect() (the LISTEN one) and not given back; pool.query's own come and go alone. */
  readonly held = new Set<pg.PoolClient>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('release', (_error, client) => this.held.delete(client));
  }

  override connect(...args: unknown[]): never {
    if (this.closed) return new Promise(() => undefined) as never;
    const connecting = (super.connect as (...parameters: unknown[]) => unknown)(...args);
    if (args.length === 0) {
      // One that arrives after close() is dropped at once, or end() would wait for it for ever.
      void (connecting as Promise<pg.PoolClient>).then((client) => (this.closed ? client.release(true) : this.held.add(client)), () => undefined);
    }
    return connecting as never;
  }

  /** Ends the pool, dropping the connections the adapter still holds. */
  async close(): Promise<void> {
    this.closed = true;
    for (const client of this.held) client.release(true);
    this.held.clear();
    await this.end();
  }
}

export function socketAdapterFor(db: Database, log: Logger): SocketAdapter {
  if (db.kind !== 'postgres' || !db.connectionString) return { close: async () => undefined };
  // Connections of its own: one stays in LISTEN, so it must never be taken from the service's pool.
  const pool = new ClosablePool({ connectionString: db.connectionString, max: 4, ...pgTimeoutOptions(db.timeouts) });
  // The error names the cause; pg attaches the whole client to it, which is no business of the log.
  const lost = (error: Error) => log.warn({ error: error.message, code: (error as { code?: string }).code }, 'socket.io adapter connection lost');
  pool.on('error', lost);
  // The LISTEN connection is checked out for good: without a listener of its own, its loss would crash the process.
  pool.on('connect', (client) => client.on('error', lost));
  return {
    adapter: createAdapter(pool, { errorHandler: (error) => log.warn({ err: error }, 'socket.io adapter error') }),
    close: () => pool.close(),
  };
}
