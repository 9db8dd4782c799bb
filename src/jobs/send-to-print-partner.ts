// The contract of the send-to-print-partner job, handled in jobs/send-to-print-partner.ts: enqueued when a set is paid,
// to start when its hold (ORDER_HOLD_MINUTES) ends; an administrator's re-send enqueues it again at once.
import { defineJobContract } from '../queue/job';

export interface SendToPrintPartnerPayload {
  orderSetId: number;
}

export const sendToPrintPartner = defineJobContract<SendToPrintPartnerPayload>({
  name: 'send-to-print-partner',
  payloadSchema: {
    type: 'object',
    required: ['orderSetId'],
    properties: { orderSetId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  // It may render the set's print files first (render-print-files' own budget) and then calls the partner per book.
  expireInSeconds: 900,
  // A paid book that never reaches the printer is never made: retried through a partner's outage of most of a day.
  retry: { limit: 10, delaySeconds: 60, backoff: true },
});
