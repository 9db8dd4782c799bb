// The contract of the send-order-status-email job, handled in jobs/send-order-status-email.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface SendOrderStatusEmailPayload {
  /** The order_status_history row of the move. */
  historyId: number;
}

export const sendOrderStatusEmail = defineJobContract<SendOrderStatusEmailPayload>({
  name: 'send-order-status-email',
  payloadSchema: {
    type: 'object',
    required: ['historyId'],
    properties: { historyId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  // As send-theme-email: SMTP's own timeouts are 10 s.
  expireInSeconds: 60,
  // The shopper's news of the order: retried through a mail outage of hours (at least 8.5 h).
  retry: { limit: 10, delaySeconds: 30, backoff: true },
});
