// Database on a PostgreSQL server through a pg Pool.
import { createHash } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, NotificationListener, QueryOptions, QueryResult, SqlExecutor, Transaction, WriteCounter } from './database';
import { listenOnPostgres } from './pg-listener';
import * as tables from './tables/index';

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

function executor(client: Queryable): SqlExecutor {
  return {
    async query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<Row>> {
      const result = (options?.prepare
        ? await client.query({ name: statementName(text), text, values: params })
        : await client.query(text, params)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? 0 };
    },
  };
}

const READ_ONLY = /^\s*(?:SELECT|SHOW|EXPLAIN)\b/i;

/**
 * A pg Client that counts the writes it completes, whoever sends them (raw SQL, drizzle, pg-boss, a transaction's
 * COMMIT). The gallery waits for its change notifications to catch up after a write of this process.
 */
function writeCountingClient(writes: WriteCounter): typeof pg.Client {
  return class WriteCountingClient extends pg.Client {
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

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const writes: WriteCounter = { count: 0 };
  const pool = new pg.Pool({ connectionString, max: poolSize, Client: writeCountingClient(writes) });
  const listeners = new Set<NotificationListener>();
  // An idle client that loses its server emits here; without a listener that would crash the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    connectionString,
    orm: drizzle(pool, { schema: tables }),
    sql: executor(pool),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ orm: drizzle(client, { schema: tables }), sql: executor(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen(channel, handlers) {
      const listener = listenOnPostgres(connectionString, channel, handlers);
      listeners.add(listener);
      return {
        notify: (payload) => listener.notify(payload),
        reconnect: () => listener.reconnect(),
        close: () => {
          listeners.delete(listener);
          return listener.close();
        },
      };
    },
    writes,
    poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([...listeners].map((listener) => listener.close()));
      listeners.clear();
      await pool.end();
    },
  };
}
