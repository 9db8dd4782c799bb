// Database on a PostgreSQL server through a pg Pool.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, QueryOptions, QueryResult, SqlExecutor, Transaction, WriteCounter } from './database';
import { withArrayLiterals } from './pg-array-literal';
import { openPostgresListener } from './pg-listener';
import { type PostgresRoutes, pooledConnectionOptions } from './pg-pooler';
import type { DatabaseTimeouts } from './pg-timeouts';
import { databaseUnavailable } from './unavailable';

type Queryable = pg.Pool | pg.PoolClient;

// Names of prepared statements by their text; only statements of fixed text are prepared, so this stays small.
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** named: whether hot statements are prepared under names (not behind a pooler in transaction mode). */
function executor(client: Queryable, named: boolean): SqlExecutor {
  return {
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<Row>> {
      const values = withArrayLiterals(params);
      const result = (options?.prepare && named
        ? await client.query({ name: statementName(text), text, values })
        : await client.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? 0 };
    },
  };
}

const READ_ONLY = /^\s*(?:SELECT|SHOW|EXPLAIN)\b/i;

/**
 * The pool's pg Client. It counts the writes it completes, whoever sends them (a repository, pg-boss, a transaction's
 * COMMIT): the gallery waits for its change notifications to catch up after a write of this process.
 * And it always has an 'error' listener: the pool listens only to idle clients, so the loss of the connection of one
 * checked out (a transaction's, or one just handed to a waiting connect()) would otherwise be an unhandled 'error'
 * event, which ends the process.
 */
class PoolClient extends pg.Client {
  /** Why the connection was lost, when it was: such a client goes back to the pool only to be dropped. */
  lostBecause: Error | undefined;

  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('error', (error: Error) => {
      this.lostBecause ??= error;
    });
  }
}

function writeCountingClient(writes: WriteCounter): typeof PoolClient {
  return class WriteCountingClient extends PoolClient {
    // pg's overloads cannot be restated one by one; the arguments are passed through untouched.
    override query(...args: any[]): any {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (text === undefined || READ_ONLY.test(text)) return (super.query as (...a: unknown[]) => unknown)(...args);
      const count = () => {
        writes.count += 1;
      };
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (error: Error, result: unknown) => {
          count();
          (last as (e: Error, r: unknown) => void)(error, result);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) result.then(count, count);
      return result;
    }
  };
}

/**
 * timeouts: deadlines of every connection (see pg-timeouts.ts); none when absent. routes: where LISTEN goes and whether
 * connectionString is a pooler's in transaction mode (pg-pooler.ts).
 */
export function openPostgres(connectionString: string, poolSize = 10, timeouts?: DatabaseTimeouts, routes: PostgresRoutes = {}): Database {
  const writes: WriteCounter = { count: 0 };
  const behindPooler = routes.pooler === 'transaction';
  const pool = new pg.Pool({
    connectionString, max: poolSize, Client: writeCountingClient(writes), ...pooledConnectionOptions(timeouts, behindPooler),
  });
  const listener = openPostgresListener(routes.listenUrl ?? connectionString, timeouts);
  // An idle client that loses its server emits here; without a listener that would crash the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    connectionString,
    timeouts,
    pooler: routes.pooler,
    sql: executor(pool, !behindPooler),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = (await pool.connect()) as pg.PoolClient & PoolClient;
      // Set when the connection cannot be trusted any more: released with it, the pool drops it instead of reusing it.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn({ sql: executor(client, !behindPooler) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A lost or timed-out connection is not asked to roll back: the server does that when it is dropped.
        if (databaseUnavailable(error)) broken = error as Error;
        else await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
        throw error;
      } finally {
        client.release(broken ?? client.lostBecause);
      }
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    writes,
    poolCounts: () => ({
      total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize, listening: listener.connected() ? 1 : 0,
    }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
