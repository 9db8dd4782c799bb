// What a job handler is given: the process's services, the same instances the HTTP app and the editing channel use
// (src/services.ts), never building its own, and the log; defineJob typed by it for the handlers of jobs/.
import type { Logger } from 'pino';
import { defineJob as defineQueueJob, type JobContract, type JobDefinition } from '../queue/job';
import type { Services } from '../services';

export interface JobContext extends Services {
  log: Logger;
}

export type JobHandler<Payload> = JobDefinition<Payload, JobContext>;

export function defineJob<Payload>(contract: JobContract<Payload>, handle: JobHandler<Payload>['handle']): JobHandler<Payload> {
  return defineQueueJob<Payload, JobContext>(contract, handle);
}
