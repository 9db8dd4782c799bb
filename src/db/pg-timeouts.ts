// Deadlines on every connection to a PostgreSQL server (the pool, LISTEN, the Socket.IO adapter's): an unreachable
// or partitioned server fails a request within a known time instead of hanging it until its client gives up.
import type pg from 'pg';

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement; 0: no limit. */
  statementMs: number;
}

/**
 * The server cancels a statement at statement_timeout; the client stops waiting a little later, for when no answer
 * can arrive at all (a partition), and drops that connection.
 */
const CLIENT_GRACE_MS = 1000;

export function pgTimeoutOptions(timeouts: DatabaseTimeouts | undefined): pg.PoolConfig {
  // Keepalive probes let the kernel notice, eventually, a server gone silent under an idle connection.
  if (!timeouts) return { keepAlive: true };
  return {
    keepAlive: true,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.statementMs > 0 && { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + CLIENT_GRACE_MS }),
  };
}
