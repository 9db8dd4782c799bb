// Embedded PostgreSQL (PGlite, WASM) kept in a folder, for running with no database server.
import { PGlite, type PGliteInterface, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, NotificationHandlers, NotificationListener, QueryResult, SqlExecutor, Transaction } from './database';

type PGliteClient = PGliteInterface | PGliteTransaction;

function executor(client: PGliteClient): SqlExecutor {
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      // PGlite's extended protocol takes one statement; scripts without parameters go through exec.
      if (!params || params.length === 0) {
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as Row[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }
      const result = await client.query<Row>(text, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/**
 * PGlite runs in this process and is its only user: a notification reaches the listener before the statement that
 * sent it returns, and the "connection" cannot be lost.
 */
function listenOnPGlite(client: PGliteInterface, channel: string, handlers: NotificationHandlers): NotificationListener {
  const unlisten = client.listen(channel, (payload) => handlers.notification(payload));
  unlisten.then(() => handlers.listening(), (error: Error) => handlers.interrupted(error));
  return {
    async notify(payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    // In-process: nothing to reopen, nothing that could stop answering.
    reconnect() {},
    check: async () => undefined,
    async close() {
      if (client.closed) return;
      await (await unlisten)().catch(() => undefined);
    },
  };
}

export function wrapPGlite(client: PGliteInterface): Database {
  return {
    kind: 'pglite',
    sql: executor(client),
    // PGlite serialises transactions itself: other queries wait until this one ends.
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn({ sql: executor(tx) })),
    listen: (channel, handlers) => listenOnPGlite(client, channel, handlers),
    // Never needed here: notifications arrive before the writing statement returns (see listenOnPGlite).
    writes: { count: 0 },
    close: () => client.close(),
  };
}

/** dataDir undefined: in memory. */
export async function openPGlite(dataDir?: string): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return wrapPGlite(client);
}
