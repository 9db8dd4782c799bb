// When an administrator moves an order set (production, shipping, delivery, cancellation): an e-mail to its shopper.
// Enqueued in the transaction of the move, so every move has its mail; the Message-ID names the move, so a repeat
// after a crash is the same message to the receiving server.
import { roubles } from '../src/shared/money';
import { defineJob } from './job-context';
import { sendOrderStatusEmail as contract } from './contracts/send-order-status-email';

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

export const sendOrderStatusEmail = defineJob(contract, async ({ historyId }, { db, mailer, log }) => {
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
});
