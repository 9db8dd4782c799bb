// Errors with the body the front end parses (Django REST framework's shapes), and the middleware that renders them.
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { databaseUnavailable } from '../db/unavailable';
import { MediaStorageUnavailableError } from '../media/storage';
import { type ErrorKind, NOT_AUTHENTICATED_MESSAGE, ServiceError } from '../shared/errors';
import { diskFull } from '../util/error-causes';

export type { FieldErrors } from '../shared/errors';
// Routes throw the services' errors too: one kind of error, mapped to a status and a body in one place (below).
export { invalid as validationError, notFound, forbidden } from '../shared/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const DETAILS = {
  notAuthenticated: NOT_AUTHENTICATED_MESSAGE,
  invalidToken: 'Invalid token.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  tooLarge: 'Request body is too large.',
  malformedJson: 'JSON parse error - the request body is not valid JSON.',
  internal: 'Internal server error.',
  unavailable: 'Service temporarily unavailable, try again shortly.',
  storageUnavailable: 'Media storage temporarily unavailable, try again shortly.',
} as const;

/** Seconds a client is told to wait after a database or storage outage (a lost connection is usually back within that). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400, not_found: 404, forbidden: 403, conflict: 409, locked: 423, unavailable: 503, quota: 429, unauthenticated: 401,
};
/** RFC 9110: a 401 names the scheme that would authenticate. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="api"' };

/**
 * A service's error as Django REST framework would answer it: a field error as {field: [messages]}, any other as
 * {detail} with the members the front end's contract adds; a retry hint as Retry-After.
 */
export function httpErrorOf(error: ServiceError): HttpError {
  const body = error.kind === 'invalid' && error.fields ? error.fields : { detail: error.message, ...error.extra };
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return new HttpError(STATUS_OF_KIND[error.kind], body, error.kind === 'unauthenticated' ? { ...headers, ...CHALLENGE } : headers);
}
export const notAuthenticated = () => new HttpError(401, { detail: DETAILS.notAuthenticated }, CHALLENGE);
export const invalidToken = () => new HttpError(401, { detail: DETAILS.invalidToken }, CHALLENGE);

/** Errors thrown by koa-body, raw-body and http-errors carry a status and an `expose` flag. */
function clientErrorOf(error: unknown): HttpError | undefined {
  const { status, type, expose, message } = error as { status?: number; type?: string; expose?: boolean; message?: string };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 413 || type === 'entity.too.large') return new HttpError(413, { detail: DETAILS.tooLarge });
  // The parser's own message quotes the body back (and names its internals): the client gets a fixed one.
  if (status === 400 && /JSON/i.test(message ?? '')) return new HttpError(400, { detail: DETAILS.malformedJson });
  if (status === 415) return new HttpError(415, { detail: 'Unsupported media type in request.' });
  return new HttpError(status, { detail: expose && message ? message : 'Bad request.' });
}

/** Bodies for statuses the router sets without one (unknown route, wrong method). */
function fillEmptyErrorBody(ctx: Context): void {
  if (ctx.body !== undefined && ctx.body !== null) return;
  const status = ctx.status;
  if (status === 404) ctx.body = { detail: DETAILS.notFound };
  else if (status === 405) ctx.body = { detail: `Method "${ctx.method}" not allowed.` };
  // Koa turns a status it set by default into 200 when a body is assigned.
  ctx.status = status;
}

export function errorMiddleware(log: Logger) {
  return async function renderErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      fillEmptyErrorBody(ctx);
    } catch (error) {
      const known = error instanceof HttpError ? error : error instanceof ServiceError ? httpErrorOf(error) : clientErrorOf(error);
      // Validators, caching and the range set for a success do not describe an error (a 416 sets its own Content-Range).
      for (const header of ['ETag', 'Last-Modified', 'Cache-Control', 'Accept-Ranges', 'Content-Range']) ctx.remove(header);
      if (known) {
        ctx.status = known.status;
        ctx.body = known.body;
        ctx.set(known.headers);
        return;
      }
      /** An outage the request may be retried after (nothing of it was kept), logged without a stack. */
      const outageAnswer = (detail: string, cause: unknown, message: string) => {
        ctx.status = 503;
        ctx.body = { detail };
        ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        log.warn({ cause, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, message);
      };
      // The media storage: an upload's files and row go together, so nothing was kept.
      if (error instanceof MediaStorageUnavailableError) return outageAnswer(DETAILS.storageUnavailable, error.message, 'media storage unavailable');
      // No space left for the database's files or a file of the request (an upload): nothing of it was kept either.
      const full = diskFull(error);
      if (full) return outageAnswer(DETAILS.unavailable, full, 'no space left on device');
      // The database: lost, refused, timed out.
      const outage = databaseUnavailable(error);
      if (outage) return outageAnswer(DETAILS.unavailable, outage, 'database unavailable');
      ctx.status = 500;
      ctx.body = { detail: DETAILS.internal };
      log.error({ err: error, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'request failed');
    }
  };
}
