// What a job handler is given: the process's services, the same instances the HTTP app and the editing channel use
// (src/services.ts), never building its own; and defineJob typed by it for the handlers of jobs/.
import type { Logger } from 'pino';
import type { MailConfig } from '../src/config';
import type { Database } from '../src/db/database';
import type { MediaStorage } from '../src/media/storage';
import { defineJob as defineQueueJob, type JobContract, type JobDefinition } from '../src/queue/job';
import type { Queue } from '../src/queue/queue';
import type { Services } from '../src/services';

export interface JobContext extends Services {
  db: Database;
  media: MediaStorage;
  /** Files that are never served under /media/ (print files): a private area of the same kind of storage. */
  privateFiles: MediaStorage;
  log: Logger;
  /** Resolution of the images in print files (PRINT_DPI). */
  printDpi: number;
  /** For jobs whose work causes further jobs (a generated product gets its preview). */
  queue: Queue;
  mail: MailConfig;
}

export type JobHandler<Payload> = JobDefinition<Payload, JobContext>;

export function defineJob<Payload>(contract: JobContract<Payload>, handle: JobHandler<Payload>['handle']): JobHandler<Payload> {
  return defineQueueJob<Payload, JobContext>(contract, handle);
}
