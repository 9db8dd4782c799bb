// When an order set is paid: the hook for what follows payment (a receipt e-mail, say; print files are a job of
// their own, render-print-files, enqueued beside this one so that a failure of either retries only itself). It
// confirms a delivery that was placed as a draft at the aggregator. Enqueued in the transaction that marks the set
// PAID, so a paid set always has its job, exactly once; a retry repeats only what is not recorded as done.
import { confirmDraftAtAggregator } from '../src/delivery/confirm-paid';
import { defineJob } from '../src/queue/job';

export interface OrderPaidPayload {
  orderSetId: number;
}

export const orderPaid = defineJob<OrderPaidPayload>({
  name: 'order-paid',
  // One call to the aggregator, whose timeout (DDELIVERY_TIMEOUT_MS) is at most 60 s.
  expireInSeconds: 120,
  // A paid delivery left a draft at the aggregator ships nothing: retried through its outage of most of a day (at least 17 h).
  retry: { limit: 10, delaySeconds: 60, backoff: true },
  payloadSchema: {
    type: 'object',
    required: ['orderSetId'],
    properties: { orderSetId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  async handle({ orderSetId }, context) {
    const { db, log } = context;
    const { rows } = await db.sql.query<{ status: string; user_id: number }>(
      'SELECT status, user_id FROM order_sets WHERE id = $1', [orderSetId]);
    if (!rows[0]) return log.warn({ orderSetId }, 'order-paid: the order set is gone');
    log.info({ orderSetId, userId: rows[0].user_id, status: rows[0].status }, 'order set paid');
    await confirmDraftAtAggregator(context, orderSetId);
  },
});
