// The contract of the order-paid job, handled in jobs/order-paid.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface OrderPaidPayload {
  orderSetId: number;
}

export const orderPaid = defineJobContract<OrderPaidPayload>({
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
});
