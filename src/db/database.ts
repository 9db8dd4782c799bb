// One interface over a PostgreSQL server (pg Pool) and embedded PGlite, so no other module knows which it has.
import type { DatabaseTimeouts } from './pg-timeouts';

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A hot statement of fixed text (a few variants at most): on a PostgreSQL server it is prepared once per connection
   * under a name of its own and then only executed, so that it is parsed once and can keep its plan. PGlite prepares
   * every statement with parameters anyway (pglite-statements.ts): there planning runs on the service's own thread.
   */
  prepare?: boolean;
}

/** Raw SQL. Without params the text may hold several statements; the result is the last one's. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
}

/** What code inside a transaction gets: raw SQL on the transaction's connection. */
export interface Transaction {
  readonly sql: SqlExecutor;
}

/** What a listener is told about its channel. */
export interface NotificationHandlers {
  /** A notification on the channel, in commit order. */
  notification(payload: string): void;
  /** Listening (again): notifications sent while it was not listening are lost. */
  listening(): void;
  /** The listening connection was lost; it is being opened again (unless the database is closing). */
  interrupted(error: Error): void;
}

export interface NotificationListener {
  /** Sends a notification on the channel through the listening connection itself (see CatalogChangeFeed.sync). */
  notify(payload: string): Promise<void>;
  /** Drops the listening connection and opens another (one that stopped delivering may be stuck, not lost). */
  reconnect(): void;
  /** Resolves when the listening connection answers (LISTEN again on it: a no-op); rejects when it is lost or fails. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Counts the writes that completed through this process's connections (statements other than SELECT, commits). */
export interface WriteCounter {
  count: number;
}

/** A connection pool's use at one moment. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
  /** The pool's size: with the listening connection, the process's connection budget. */
  max: number;
  /** The listening connection: 1 while open, else 0. */
  listening: number;
}

export interface Database extends Transaction {
  readonly kind: 'postgres' | 'pglite';
  /** The server's connection string, for components that need connections of their own (the Socket.IO adapter). */
  readonly connectionString?: string;
  /** The deadlines of the server's connections, for those components' connections too. */
  readonly timeouts?: DatabaseTimeouts;
  /** 'transaction' when the server is reached through a pooler in transaction mode (pg-pooler.ts). */
  readonly pooler?: 'transaction';
  /** Commits when fn resolves, rolls back when it throws (and rethrows). */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** LISTEN on channel over a connection of its own, opened again when lost; closed with the database. */
  listen(channel: string, handlers: NotificationHandlers): NotificationListener;
  readonly writes: WriteCounter;
  /** The pool's use now; absent on PGlite, which has no pool. */
  poolCounts?(): PoolCounts;
  close(): Promise<void>;
}
