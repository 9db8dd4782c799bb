// Embedded PostgreSQL (PGlite, WASM) kept in a folder, for running with no database server.
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, NotificationHandlers, NotificationListener, QueryResult, SqlExecutor, Transaction } from './database';
import { type PreparedStatements, createPreparedStatements } from './pglite-statements';

/**
 * Raw SQL on the client, or inside one of its transactions (tx). Statements with parameters run prepared (see
 * pglite-statements.ts) under PGlite's locks, as its own query() takes them; scripts without parameters (several
 * statements at once) go through exec.
 */
function executor(client: PGlite, statements: PreparedStatements, tx?: PGliteTransaction): SqlExecutor {
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      if (!params || params.length === 0) {
        const results = await (tx ?? client).exec(text);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as Row[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }
      if (tx) {
        if (tx.closed) throw new Error('Transaction is closed');
        return client.runExclusive(() => statements.query<Row>(text, params, true));
      }
      return client._runExclusiveTransaction(() => client.runExclusive(async () => {
        const result = await statements.query<Row>(text, params, false);
        await client.syncToFs();
        return result;
      }));
    },
  };
}

/**
 * PGlite runs in this process and is its only user: a notification reaches the listener before the statement that
 * sent it returns, and the "connection" cannot be lost.
 */
function listenOnPGlite(client: PGlite, channel: string, handlers: NotificationHandlers): NotificationListener {
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

function vacuumNowAndThen(client: PGlite, everyMs: number): () => void {
  let runs = 0;
  const timer = setInterval(() => {
    runs += 1;
    // Waits its turn like any statement (PGlite runs one at a time); a failure is tried again at the next turn.
    client.exec(runs % ANALYZE_EVERY === 0 ? 'VACUUM (ANALYZE)' : 'VACUUM').catch(() => undefined);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** vacuumEveryMs: how often the database is vacuumed; maxPrepared: statements kept prepared (tests lower both). */
export function wrapPGlite(client: PGlite, options: { vacuumEveryMs?: number; maxPrepared?: number } = {}): Database {
  const statements = createPreparedStatements(client, options.maxPrepared);
  const stopVacuums = vacuumNowAndThen(client, options.vacuumEveryMs ?? VACUUM_EVERY_MS);
  return {
    kind: 'pglite',
    sql: executor(client, statements),
    // PGlite serialises transactions itself: other queries wait until this one ends.
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn({ sql: executor(client, statements, tx) })),
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
