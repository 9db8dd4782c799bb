// Running behind a connection pooler (PgBouncer) in transaction mode: each transaction, or each statement outside one,
// may run on another server connection. So the pool's connections keep nothing beyond a transaction there: no named
// prepared statements (PgBouncer 1.18, Debian's, keeps none across transactions), no session settings (SET LOCAL inside
// a transaction only), transaction-level advisory locks only (the service takes no other kind), and no LISTEN, which
// goes over a direct connection of its own (DATABASE_LISTEN_URL). docs/operations.md, "Sizing", says how to set it up.
import type pg from 'pg';
import { type DatabaseTimeouts, pgTimeoutOptions } from './pg-timeouts';

/** 'transaction': the database URL is a pooler's in transaction mode; absent: a server's own connections. */
export type PoolerMode = 'transaction';

export interface PostgresRoutes {
  /** A direct connection to the server for LISTEN (a pooler in transaction mode cannot carry it); default: the pool's URL. */
  listenUrl?: string;
  pooler?: PoolerMode;
}

/**
 * The pool's connection options. Behind a pooler, no statement_timeout in the start-up packet: PgBouncer refuses a
 * start-up parameter it does not track (unless listed in its ignore_startup_parameters, which would drop it anyway),
 * and a SET would outlive the transaction on a connection others share. The client's own deadline (query_timeout)
 * stays; the server's comes from the role (ALTER ROLE ... SET statement_timeout), as docs/operations.md says.
 */
export function pooledConnectionOptions(timeouts: DatabaseTimeouts | undefined, behindPooler: boolean): pg.PoolConfig {
  const options = pgTimeoutOptions(timeouts);
  if (!behindPooler) return options;
  const { statement_timeout: _dropped, ...rest } = options;
  return rest;
}
