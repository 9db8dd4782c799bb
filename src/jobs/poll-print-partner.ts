// The contract of the poll-print-partner job, handled in jobs/poll-print-partner.ts: every 10 minutes, print jobs not
// heard of for PRINT_PARTNER_POLL_AFTER_MINUTES are asked of their partner (a webhook lost on the way).
import { defineJobContract, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../queue/job';

export const pollPrintPartner = defineJobContract<ScheduledPayload>({
  name: 'poll-print-partner',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  schedule: '*/10 * * * *',
  expireInSeconds: 300,
  // The next run comes 10 minutes later and asks again.
  retry: { limit: 1, delaySeconds: 60, backoff: false },
});
