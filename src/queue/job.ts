// What a background job is: a name, a JSON Schema for its payload, and an idempotent handler.
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { MailConfig } from '../config';
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
  /**
   * Runs at least once per job, possibly more after a crash: it must be safe to repeat. What it returns is kept as
   * the job's result (pg-boss's output), for an operator to read.
   */
  handle(payload: Payload, context: JobContext): Promise<object | void>;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
