// The contract of the sweep-unnamed-files job, handled in jobs/sweep-unnamed-files.ts: its name, its payload's schema and type, its retries.
import { defineJobContract, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../queue/job';

export const sweepUnnamedFiles = defineJobContract<ScheduledPayload>({
  name: 'sweep-unnamed-files',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  schedule: '17 3 * * *',
  // A listing of 1,000 files a call and a few queries a page: an hour covers millions of files.
  expireInSeconds: 3600,
  // The next run comes a day later; three retries within the hour cover a short outage of the store.
  retry: { limit: 3, delaySeconds: 600, backoff: true },
});
