// The suite through a pooler: with TEST_POOLER_URL (a PgBouncer in transaction mode in front of TEST_DATABASE_URL's
// server, serving every database: `* = host=... port=...`; .ci/run starts one), the tests' databases are still made on
// the server, but the service (in the test's process and in the processes it starts) reaches them through the
// pooler, as DATABASE_POOLER=transaction, and LISTENs on the server directly (DATABASE_LISTEN_URL).
import { openPostgres } from '../../src/db/postgres';
import type { Database } from '../../src/db/database';

export const TEST_POOLER_URL = process.env.TEST_POOLER_URL || undefined;

/** The same database on the other address (host, port, user kept from `on`). */
function sameDatabase(url: string, on: string): string {
  const moved = new URL(url);
  const target = new URL(on);
  moved.hostname = target.hostname;
  moved.port = target.port;
  return moved.toString();
}

/** The URL a test hands the service for a database of the server: the pooler's, with TEST_POOLER_URL. */
export function serviceUrl(serverUrl: string): string {
  return TEST_POOLER_URL ? sameDatabase(serverUrl, TEST_POOLER_URL) : serverUrl;
}

/** A database of the server opened as the service opens it: through the pooler when there is one. */
export function openServiceDatabase(serverUrl: string, poolSize: number): Database {
  if (!TEST_POOLER_URL) return openPostgres(serverUrl, poolSize);
  return openPostgres(serviceUrl(serverUrl), poolSize, undefined, { pooler: 'transaction', listenUrl: serverUrl });
}

/**
 * A child's environment: a DATABASE_URL on the pooler gets DATABASE_POOLER=transaction and, unless given, the same
 * database on the server as DATABASE_LISTEN_URL.
 */
export function withPoolerSettings(env: Record<string, string | undefined>, serverUrl: string | undefined): Record<string, string | undefined> {
  const url = env.DATABASE_URL;
  if (!TEST_POOLER_URL || !url || !serverUrl) return env;
  const pooler = new URL(TEST_POOLER_URL);
  const parsed = new URL(url);
  if (parsed.hostname !== pooler.hostname || parsed.port !== pooler.port) return env;
  return { DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: sameDatabase(url, serverUrl), ...env };
}
