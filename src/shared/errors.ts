// The one error a service throws when a request cannot be done as asked: a kind that every transport understands,
// mapped once per transport (src/http/errors.ts to Django REST framework's bodies and a status, the editing channel
// to {error: {code, message}}). Services never build HTTP statuses or headers.

/**
 * quota: the caller holds as much as it may (photos, bytes, folders); it may go on once it holds less (HTTP's 429).
 * unauthenticated: the account the caller acts as is gone, so its credentials stand for nobody (HTTP's 401).
 */
export type ErrorKind = 'invalid' | 'not_found' | 'forbidden' | 'conflict' | 'locked' | 'unavailable' | 'quota' | 'unauthenticated';

/** Messages per field of the request, as the front end shows them beside its inputs ({field: [message, ...]}). */
export type FieldErrors = Record<string, string[]>;

export interface ServiceErrorOptions {
  /** For 'invalid': what is wrong with each field (cross-field problems under non_field_errors). */
  fields?: FieldErrors;
  /** The same request may succeed after this many seconds (a lock held, an outage): HTTP's Retry-After. */
  retryAfterSeconds?: number;
  /**
   * A machine-readable reason finer than the kind, where a client branches on it (the editing channel's
   * 'invalid_scheme', 'transaction_conflict'); the kind's own name otherwise.
   */
  code?: string;
  /** Members the front end's contract adds to this error's body beside the message (delivery's {error: 409}). */
  extra?: Record<string, unknown>;
}

export class ServiceError extends Error {
  readonly fields?: FieldErrors;
  readonly retryAfterSeconds?: number;
  readonly code: string;
  readonly extra?: Record<string, unknown>;

  constructor(readonly kind: ErrorKind, message: string, options: ServiceErrorOptions = {}) {
    super(message);
    this.name = 'ServiceError';
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.code = options.code ?? kind;
    this.extra = options.extra;
  }
}

export const NOT_FOUND_MESSAGE = 'Not found.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action.';
export const NOT_AUTHENTICATED_MESSAGE = 'Authentication credentials were not provided.';

/** A request whose fields are wrong: its message is the first field's first message. */
export function invalid(fields: FieldErrors, options: Omit<ServiceErrorOptions, 'fields'> = {}): ServiceError {
  const first = Object.values(fields)[0]?.[0] ?? 'Invalid request.';
  return new ServiceError('invalid', first, { ...options, fields });
}

export const notFound = (message = NOT_FOUND_MESSAGE, options?: ServiceErrorOptions) => new ServiceError('not_found', message, options);
export const forbidden = (message = FORBIDDEN_MESSAGE, options?: ServiceErrorOptions) => new ServiceError('forbidden', message, options);
export const conflict = (message: string, options?: ServiceErrorOptions) => new ServiceError('conflict', message, options);
export const locked = (message: string, options?: ServiceErrorOptions) => new ServiceError('locked', message, options);
export const unavailable = (message: string, options?: ServiceErrorOptions) => new ServiceError('unavailable', message, options);
export const quota = (message: string, options?: ServiceErrorOptions) => new ServiceError('quota', message, options);
export const unauthenticated = (message = NOT_AUTHENTICATED_MESSAGE) => new ServiceError('unauthenticated', message);
