// Every 5 minutes: payments still pending here a while after their last change are asked of the provider, and a
// succeeded one is applied as its notification would have been (a notification lost on the way, a crash between
// the provider's record and the shop's). Safe to repeat, and to run in any worker: each move happens once.
import { defineJob } from './job-context';
import { reconcilePayments as contract } from '../jobs/reconcile-payments';

export const reconcilePayments = defineJob(contract, async (_payload, { payments, log }) => {
  const report = await payments.reconcile();
  if (report.checked + report.failed > 0) log.info({ job: 'reconcile-payments', report }, 'pending payments checked with the provider');
  return report;
});
