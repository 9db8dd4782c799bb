// Every 15 minutes: deletes applied editing transactions older than EDITING_REPLAY_WINDOW_HOURS, Idempotency-Keys
// older than their 24 hours, layouts left in the bin BIN_RETENTION_DAYS and visitor accounts unseen for
// VISITOR_RETENTION_DAYS, so that no table grows without bound (src/retention/service.ts).
// Safe to repeat, and to run in any worker.
import { defineJob } from './job-context';
import { purgeExpiredRecords as contract } from '../jobs/purge-expired-records';

export const purgeExpiredRecords = defineJob(contract, (_payload, { retention }) => retention.purgeExpiredRecords());
