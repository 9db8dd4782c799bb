// Looking through an error's chain of causes: a storage, for one, wraps the store's error.

export interface ErrorCause {
  message: string;
  code?: string;
}

/** The first error of the chain (the error itself, then its causes, 5 deep) that match accepts, as its message and code. */
export function findCause(error: unknown, match: (cause: ErrorCause) => boolean): ErrorCause | undefined {
  let cause = error;
  for (let depth = 0; cause !== null && typeof cause === 'object' && depth < 5; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    const found = { message: typeof message === 'string' ? message : '', ...(typeof code === 'string' && { code }) };
    if (match(found)) return found;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

// A file write's ENOSPC (or EDQUOT: a quota), PostgreSQL's disk_full from the database server or the embedded one.
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** "No space left on device", wherever it came from (to log: never the statement or its parameters), if it is that. */
export function diskFull(error: unknown): ErrorCause | undefined {
  return findCause(error, (cause) => cause.code !== undefined && DISK_FULL.has(cause.code));
}
