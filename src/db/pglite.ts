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

/**
 * PGlite has no autovacuum (one process, no background workers): every update and delete would leave its dead row
 * for good, and the tables and indexes that change most (an edited book's pages and history, the job queue) would grow
 * and slow every scan the longer the service runs. So the wrapper vacuums the database every VACUUM_EVERY_MS (a table
 * left untouched since is skipped page by page, through its visibility map) and refreshes the planner's statistics
 * every ANALYZE_EVERY vacuums, as autovacuum would.
 */
const VACUUM_EVERY_MS = 30_000;
const ANALYZE_EVERY = 10;

function vacuumNowAndThen(client: PGliteInterface, everyMs: number): () => void {
  let runs = 0;
  const timer = setInterval(() => {
    runs += 1;
    // Waits its turn like any statement (PGlite runs one at a time); a failure is tried again at the next turn.
    client.exec(runs % ANALYZE_EVERY === 0 ? 'VACUUM (ANALYZE)' : 'VACUUM').catch(() => undefined);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** vacuumEveryMs: how often the database is vacuumed (tests shorten it). */
export function wrapPGlite(client: PGliteInterface, options: { vacuumEveryMs?: number } = {}): Database {
  const stopVacuums = vacuumNowAndThen(client, options.vacuumEveryMs ?? VACUUM_EVERY_MS);
  return {
    kind: 'pglite',
    sql: executor(client),
    // PGlite serialises transactions itself: other queries wait until this one ends.
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn({ sql: executor(tx) })),
    listen: (channel, handlers) => listenOnPGlite(client, channel, handlers),
    // Never needed here: notifications arrive before the writing statement returns (see listenOnPGlite).
    writes: { count: 0 },
    close: () => {
      stopVacuums();
      return client.close();
    },
  };
}

/** dataDir undefined: in memory. */
export async function openPGlite(dataDir?: string): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return wrapPGlite(client);
}
