// The contract of the purge-expired-records job, handled in jobs/purge-expired-records.ts: its name, its payload's schema and type, its retries.
import { defineJobContract, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../queue/job';

export const purgeExpiredRecords = defineJobContract<ScheduledPayload>({
  name: 'purge-expired-records',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  schedule: '*/15 * * * *',
  // Batches of 5,000 by index: minutes even for a large backlog; a run cut short leaves the rest to the next one.
  expireInSeconds: 600,
  // The next run comes 15 minutes later and does the same work: two quick retries are enough.
  retry: { limit: 2, delaySeconds: 60, backoff: false },
});
