// The contract of the reconcile-payments job, handled in jobs/reconcile-payments.ts: its name, its payload's schema and type, its retries.
import { defineJobContract, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../queue/job';

export const reconcilePayments = defineJobContract<ScheduledPayload>({
  name: 'reconcile-payments',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  schedule: '*/5 * * * *',
  // At most 50 questions to the provider, and the run ends at the first that cannot be answered (its retries: 42 s).
  expireInSeconds: 300,
  // The next run comes 5 minutes later and asks again.
  retry: { limit: 1, delaySeconds: 60, backoff: false },
});
