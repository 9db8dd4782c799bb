// Which errors mean "the database cannot be used right now" (answered 503, to be retried), not a fault of the request
// or of the program. The whole cause chain is looked at, in case the driver's error comes wrapped.
import { type ErrorCause, findCause } from '../util/error-causes';

const SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown of the server
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or stopping
  '57014', // query_canceled: DATABASE_STATEMENT_TIMEOUT_MS passed (the service cancels nothing else)
  '53300', // too_many_connections
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
]);

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** pg's own errors for a connection it lost or gave up on (connect and query timeouts included). */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

/** The cause that makes error an outage of the database (to log: never the query or its parameters), if it is one. */
export function databaseUnavailable(error: unknown): ErrorCause | undefined {
  return findCause(error, ({ code, message }) => (code !== undefined && (SQLSTATES.has(code) || SOCKET_CODES.has(code))) || PG_CONNECTION_MESSAGES.test(message));
}
