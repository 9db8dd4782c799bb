// One interface over a PostgreSQL server (pg Pool) and embedded PGlite, so no other module knows which it has.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as tables from './tables/index';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** Raw SQL. Without params the text may hold several statements; the result is the last one's. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

export type Orm = PgDatabase<PgQueryResultHKT, typeof tables>;

/** What code inside a transaction gets: the ORM and raw SQL, both on the transaction's connection. */
export interface Transaction {
  readonly orm: Orm;
  readonly sql: SqlExecutor;
}

export interface Database extends Transaction {
  readonly kind: 'postgres' | 'pglite';
  /** The server's connection string, for components that need connections of their own (the Socket.IO adapter). */
  readonly connectionString?: string;
  /** Commits when fn resolves, rolls back when it throws (and rethrows). */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
