// When an order set is paid: the hook for what follows payment (a receipt e-mail, say; print files are a job of
// their own, render-print-files, enqueued beside this one so that a failure of either retries only itself). It
// confirms a delivery that was placed as a draft at the aggregator. Enqueued in the transaction that marks the set
// PAID, so a paid set always has its job, exactly once; a retry repeats only what is not recorded as done.
import { confirmDraftAtAggregator } from '../src/delivery/confirm-paid';
import { defineJob } from './job-context';
import { orderPaid as contract } from './contracts/order-paid';

export const orderPaid = defineJob(contract, async ({ orderSetId }, context) => {
  const { db, log } = context;
  const { rows } = await db.sql.query<{ status: string; user_id: number }>(
    'SELECT status, user_id FROM order_sets WHERE id = $1', [orderSetId]);
  if (!rows[0]) return log.warn({ orderSetId }, 'order-paid: the order set is gone');
  log.info({ orderSetId, userId: rows[0].user_id, status: rows[0].status }, 'order set paid');
  await confirmDraftAtAggregator(context, orderSetId);
});
