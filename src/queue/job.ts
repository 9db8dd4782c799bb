// What a background job is: a name, a JSON Schema for its payload, and an idempotent handler.
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { BoundsConfig, MailConfig } from '../config';
import type { DeliveryProvider } from '../delivery/provider';
import type { Mailer } from '../mail/mailer';
import type { MediaStorage } from '../media/storage';
import type { Queue } from './queue';

export interface JobContext {
  db: Database;
  media: MediaStorage;
  /** Files that are never served under /media/ (print files): a private area of the same kind of storage. */
  privateFiles: MediaStorage;
  log: Logger;
  /** Resolution of the images in print files (PRINT_DPI). */
  printDpi: number;
  /** For jobs whose work causes further jobs (a generated product gets its preview). */
  queue: Queue;
  mailer: Mailer;
  mail: MailConfig;
  /** The delivery aggregator, for confirming a paid order set's draft there. */
  delivery: DeliveryProvider;
  /** How long the purge keeps what it purges: applied editing transactions and layouts in the bin. */
  retention: Pick<BoundsConfig, 'editingReplayWindowHours' | 'binRetentionDays' | 'visitorRetentionDays'>;
}

export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  /** Doubles the delay on every retry. */
  backoff: boolean;
}

export interface JobDefinition<Payload> {
  name: string;
  payloadSchema: Record<string, unknown>;
  retry?: RetryPolicy;
  /** A cron expression (UTC): the queue enqueues the job on that schedule, once across all processes. */
  schedule?: string;
  /**
   * How long one run may take. A job still active after that is taken for lost (its worker died, or it hangs) and
   * retried: keep it a small multiple of the job's real work, since a killed worker's jobs wait this long.
   */
  expireInSeconds: number;
  /**
   * Runs at least once per job, possibly more after a crash: it must be safe to repeat. What it returns is kept as
   * the job's result (pg-boss's output), for an operator to read.
   */
  handle(payload: Payload, context: JobContext): Promise<object | void>;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
