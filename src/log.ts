// Logs through pino: JSON lines for machines, readable lines on a terminal. Authorization headers, tokens and the
// parameters of SQL statements are never logged: requests are logged field by field, errors without parameters.
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty, { type PrettyOptions } from 'pino-pretty';
import type { Config } from './config';

// The request log's own fields (src/http/request-log.ts): on a terminal they make its one-line message instead.
const REQUEST_FIELDS = ['requestId', 'method', 'path', 'status', 'ms', 'userId'];

type LogRecord = Record<string, unknown>;

/**
 * Where PGlite's errors keep a failed statement's parameters, which hold user data (names, texts), and
 * the detail of PostgreSQL's report (pg's and PGlite's, which have a severity), which quotes them back ("Key
 * (lower(email))=(anna@example.com) already exists.").
 */
const PARAMETER_FIELDS = ['params', 'parameters', 'queryOptions'];
const REPORT_FIELDS = ['detail'];

/** A copy of error and its causes without statement parameters: the statement's text stays, to tell what failed. */
function withoutParameters(error: Error, depth = 0): Error {
  const descriptors = Object.getOwnPropertyDescriptors(error);
  for (const field of PARAMETER_FIELDS) delete descriptors[field];
  if ('severity' in error) for (const field of REPORT_FIELDS) delete descriptors[field];
  const copy = Object.create(Object.getPrototypeOf(error) as object, descriptors) as Error;
  if (error.cause instanceof Error && depth < 5) Object.defineProperty(copy, 'cause', { value: withoutParameters(error.cause, depth + 1), writable: true, configurable: true });
  return copy;
}

/** pino's error serializer, on the error without its statements' parameters. */
export function serializeError(value: unknown): unknown {
  return pino.stdSerializers.err(value instanceof Error ? withoutParameters(value) : (value as Error));
}

function requestSummary(record: LogRecord): string {
  const user = record.userId === undefined ? '' : ` user ${String(record.userId)}`;
  return `${String(record.method)} ${String(record.path)} ${String(record.status)} ${Number(record.ms).toFixed(1)} ms${user}`;
}

/** How a terminal shows the log: one line per request (method, path, status, time); other records as pino-pretty does. */
export function prettyOptions(colorize: boolean): PrettyOptions {
  const isRequest = (record: LogRecord) => record.msg === 'request';
  // A prettifier that returns undefined leaves its field out: only the request record's fields are dropped.
  const requestField = (value: unknown, _key: string | symbol, record: LogRecord) =>
    isRequest(record) ? undefined : JSON.stringify(value, null, 2);
  return {
    sync: true,
    colorize,
    ignore: 'service,pid,hostname',
    messageFormat: (record, messageKey) => (isRequest(record) ? requestSummary(record) : String(record[messageKey])),
    customPrettifiers: Object.fromEntries(REQUEST_FIELDS.map((field) => [field, requestField])) as PrettyOptions['customPrettifiers'],
  };
}

/** destination: where the JSON lines go instead of standard output (tests read them there). */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>, destination?: DestinationStream,
): Logger {
  const options = { level: config.logLevel, base: { service: 'photobook' }, serializers: { err: serializeError } };
  if (destination) return pino(options, destination);
  const format = config.logFormat ?? 'auto';
  if (format === 'pretty' || (format === 'auto' && process.stdout.isTTY)) {
    // Synchronous, in this thread: a worker-thread transport could lose the last lines of a command that exits.
    return pino(options, pretty(prettyOptions(process.stdout.isTTY === true)));
  }
  return pino(options);
}
