// Every 5 minutes: payments still pending here a while after their last change are asked of the provider, and a
// succeeded one is applied as its notification would have been (a notification lost on the way, a crash between
// the provider's record and the shop's). Safe to repeat, and to run in any worker: each move happens once.
import { defineJob, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../src/queue/job';

export const reconcilePayments = defineJob<ScheduledPayload>({
  name: 'reconcile-payments',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  schedule: '*/5 * * * *',
  // At most 50 questions to the provider, and the run ends at the first that cannot be answered (its retries: 42 s).
  expireInSeconds: 300,
  // The next run comes 5 minutes later and asks again.
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  async handle(_payload, { payments, log }) {
    const report = await payments.reconcile();
    if (report.checked + report.failed > 0) log.info({ job: 'reconcile-payments', report }, 'pending payments checked with the provider');
    return report;
  },
});
