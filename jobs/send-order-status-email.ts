// When an administrator moves an order set (production, shipping, delivery, cancellation): an e-mail to its shopper.
// Enqueued in the transaction of the move, so every move has its mail; the Message-ID names the move, so a repeat
// after a crash is the same message to the receiving server.
import { roubles } from '../src/orders/money';
import { defineJob } from '../src/queue/job';

export interface SendOrderStatusEmailPayload {
  /** The order_status_history row of the move. */
  historyId: number;
}

const SUBJECTS: Record<string, (id: number) => string> = {
  IN_PRODUCTION: (id) => `Заказ №${id} передан в печать`,
  SHIPPED: (id) => `Заказ №${id} отправлен`,
  DELIVERED: (id) => `Заказ №${id} доставлен`,
  CANCELED: (id) => `Заказ №${id} отменён`,
};

interface MoveRow {
  order_set_id: number;
  to_status: string;
  tracking_number: string | null;
  email: string | null;
  refund_kopecks: number | null;
}

export const sendOrderStatusEmail = defineJob<SendOrderStatusEmailPayload>({
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
  async handle({ historyId }, { db, mailer, log }) {
    const { rows: [move] } = await db.sql.query<MoveRow>(
      `SELECT h.order_set_id, h.to_status, h.tracking_number, u.email, r.amount_kopecks AS refund_kopecks
         FROM order_status_history h JOIN order_sets s ON s.id = h.order_set_id JOIN users u ON u.id = s.user_id
         LEFT JOIN refunds r ON r.order_set_id = s.id AND h.to_status = 'CANCELED'
        WHERE h.id = $1`, [historyId]);
    if (!move) return log.warn({ historyId }, 'send-order-status-email: the status change is gone');
    if (!move.email) return log.info({ historyId }, 'send-order-status-email: nothing sent: the shopper has no e-mail address');
    const orderSetId = Number(move.order_set_id);
    await mailer.send({
      to: [move.email],
      subject: SUBJECTS[move.to_status](orderSetId),
      text: [
        SUBJECTS[move.to_status](orderSetId) + '.',
        move.tracking_number ? `Трек-номер: ${move.tracking_number}` : '',
        move.refund_kopecks === null ? '' : `Оплата возвращена: ${roubles(Number(move.refund_kopecks)).toFixed(2)} руб.`,
      ].filter(Boolean).join('\n'),
      messageId: `<order-set-${orderSetId}-status-${historyId}@photobook>`,
    });
  },
});
