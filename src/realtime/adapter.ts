// Rooms across processes: with a PostgreSQL server, the Socket.IO PostgreSQL adapter (LISTEN/NOTIFY on the database
// the service already has). Embedded PGlite has one process, so Socket.IO's in-memory adapter is all it needs.
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { pgTimeoutOptions } from '../db/pg-timeouts';
import { withTimeout } from '../util/with-timeout';
import { AdapterPool } from './adapter-pool';

/** The adapter's default channel prefix: a namespace's changes go out on `socket.io#<namespace>`. */
const CHANNEL_PREFIX = 'socket.io';
/** How long the check of the LISTEN connection may take before it counts as not answering. */
const CHECK_TIMEOUT_MS = 1500;
const NOT_REACHING = 'Editing changes made in other processes do not reach this one';

export interface SocketAdapter {
  /** undefined: the in-memory adapter. */
  adapter?: ReturnType<typeof createAdapter>;
  /**
   * Why changes made in other processes would not reach editors connected to this one right now, as readiness's
   * detail; undefined when they would (or there are no other processes).
   */
  problem(): Promise<string | undefined>;
  /** Resolves once the adapter listens, or after the time given, whichever comes first. */
  listening(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export function socketAdapterFor(db: Database, log: Logger): SocketAdapter {
  if (db.kind !== 'postgres' || !db.connectionString) {
    return { problem: async () => undefined, listening: async () => undefined, close: async () => undefined };
  }
  // Connections of its own: one stays in LISTEN, so it must never be taken from the service's pool.
  const pool = new AdapterPool({ connectionString: db.connectionString, max: 4, ...pgTimeoutOptions(db.timeouts) }, (retryInMs) => {
    log.warn({ retryInMs }, 'socket.io adapter: no LISTEN connection, changes do not reach other processes until it is back');
  });
  // The error names the cause; pg attaches the whole client to it, which is no business of the log.
  const lost = (error: Error) => log.warn({ error: error.message, code: (error as { code?: string }).code }, 'socket.io adapter connection lost');
  pool.on('error', lost);
  // The LISTEN connection is checked out for good: without a listener of its own, its loss would crash the process.
  pool.on('connect', (client) => client.on('error', lost));
  const createNamespaceAdapter = createAdapter(pool, {
    channelPrefix: CHANNEL_PREFIX, errorHandler: (error) => log.warn({ err: error }, 'socket.io adapter error'),
  });
  const channels = new Set<string>();

  /** LISTEN again on every channel, through the connection the adapter listens on: a no-op that proves it answers. */
  const problem = async () => {
    const client = pool.listening;
    if (!client) return `${NOT_REACHING}: its LISTEN connection to the database was lost; reconnecting.`;
    try {
      for (const channel of channels) await withTimeout(client.query(`LISTEN ${pg.escapeIdentifier(channel)}`), CHECK_TIMEOUT_MS);
    } catch {
      return `${NOT_REACHING}: its LISTEN connection to the database does not answer.`;
    }
    return undefined;
  };
  return {
    // Socket.IO calls this with `new`: a function, not an arrow, whose result stands for the object made.
    adapter: function adapterOf(namespace) {
      channels.add(`${CHANNEL_PREFIX}#${namespace.name}`);
      return createNamespaceAdapter(namespace);
    },
    problem,
    async listening(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && (await problem()) !== undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: () => pool.close(),
  };
}
