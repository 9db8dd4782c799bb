// The contract of the restart-stranded-work job, handled in jobs/restart-stranded-work.ts: its name, its payload's schema and type, its retries.
import { defineJobContract, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../queue/job';

export const restartStrandedWork = defineJobContract<ScheduledPayload>({
  name: 'restart-stranded-work',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  // Every 10 minutes, and so within 10 minutes of a worker's start.
  schedule: '*/10 * * * *',
  expireInSeconds: 300,
  // The next run comes 10 minutes later and looks again.
  retry: { limit: 1, delaySeconds: 60, backoff: false },
});
