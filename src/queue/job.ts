// What a background job is: a name, a JSON Schema for its payload, and an idempotent handler.
// The queue knows no domain: what a handler is given (the process's services) is the caller's type, Context.

/** How a failed run is retried: limit retries, the first after delaySeconds. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  /** Doubles the delay on every retry (pg-boss waits a random time between the doubled delay's half and whole). */
  backoff: boolean;
}

/**
 * The least time from a job's first failure to its last retry: how long an outage the job outlasts. With backoff
 * pg-boss waits at least delay x 2^(n-1) before retry n (the exponent stops growing at 16).
 */
export function retryWindowSeconds(policy: RetryPolicy): number {
  if (!policy.backoff) return policy.limit * policy.delaySeconds;
  let total = 0;
  for (let retry = 1; retry <= policy.limit; retry += 1) total += policy.delaySeconds * 2 ** (Math.min(16, retry) - 1);
  return total;
}

/** A scheduled job carries no payload (pg-boss sends null); one enqueued by hand may carry an empty object. */
export type ScheduledPayload = Record<string, never> | null;
export const SCHEDULED_PAYLOAD_SCHEMA = { type: ['object', 'null'], additionalProperties: false };

/**
 * What a job is to the queue and to whoever enqueues it: its name, the schema and type of its payload, how it is
 * retried and scheduled. Contracts live in src/jobs/, apart from the handlers, and import nothing from the
 * domains: a domain enqueues a job by its contract without pulling in the handler's imports.
 */
export interface JobContract<Payload> {
  name: string;
  payloadSchema: Record<string, unknown>;
  /** Matched to what the job protects: how long an outage of what it needs it must outlast (docs/operations.md, "Reactions"). */
  retry: RetryPolicy;
  /** A cron expression (UTC): the queue enqueues the job on that schedule, once across all processes. */
  schedule?: string;
  /**
   * How long one run may take. A job still active after that is taken for lost (its worker died, or it hangs) and
   * retried: keep it a small multiple of the job's real work, since a killed worker's jobs wait this long.
   */
  expireInSeconds: number;
  /**
   * Jobs of this name one process runs at once (JOBS_AT_ONCE when absent): more for a job that waits on storage or the
   * database between its bounded steps, so that others use the time.
   */
  atOnce?: number;
  /**
   * Never set: carries the payload's type, so that enqueueing checks it at compile time (a method, so that any
   * contract fits a registry of contracts of every payload).
   */
  payloadType?(payload: Payload): void;
}

export function defineJobContract<Payload>(contract: Omit<JobContract<Payload>, 'payloadType'>): JobContract<Payload> {
  return contract;
}

/** A contract with the handler that runs it (src/worker/<name>.ts): what the worker's registry lists. */
export interface JobDefinition<Payload, Context = unknown> extends JobContract<Payload> {
  /**
   * Runs at least once per job, possibly more after a crash: it must be safe to repeat. What it returns is kept as
   * the job's result (pg-boss's output), for an operator to read. A handler parses nothing more than its payload
   * and calls one service method.
   */
  handle(payload: Payload, context: Context): Promise<object | void>;
}

export function defineJob<Payload, Context = unknown>(
  contract: JobContract<Payload>, handle: JobDefinition<Payload, Context>['handle'],
): JobDefinition<Payload, Context> {
  return { ...contract, handle };
}
