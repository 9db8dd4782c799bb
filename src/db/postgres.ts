// Database on a PostgreSQL server through a pg Pool.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, QueryResult, SqlExecutor, Transaction } from './database';
import * as tables from './tables/index';

type Queryable = pg.Pool | pg.PoolClient;

function executor(client: Queryable): SqlExecutor {
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const result = (await client.query(text, params)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? 0 };
    },
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
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
    close: () => pool.end(),
  };
}
