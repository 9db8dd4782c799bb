// The shopper's e-mail about an administrator's move of their order set (production, shipping, delivery, cancellation).
import type { MailMessage } from '../mail/mailer';
import { roublesText } from '../shared/money';
import type { StatusChangeMail } from './admin-repository';

const SUBJECTS: Record<string, (id: number) => string> = {
  IN_PRODUCTION: (id) => `Заказ №${id} передан в печать`,
  SHIPPED: (id) => `Заказ №${id} отправлен`,
  DELIVERED: (id) => `Заказ №${id} доставлен`,
  CANCELED: (id) => `Заказ №${id} отменён`,
};

/** The message of one move; its Message-ID names the move, so a repeat after a crash is the same message to the receiving server. */
export function statusChangeMessage(historyId: number, change: StatusChangeMail & { email: string }): MailMessage {
  const subject = SUBJECTS[change.toStatus](change.orderSetId);
  return {
    to: [change.email],
    subject,
    text: [
      `${subject}.`,
      change.trackingNumber ? `Трек-номер: ${change.trackingNumber}` : '',
      change.refundKopecks === null ? '' : `Оплата возвращена: ${roublesText(change.refundKopecks)} руб.`,
    ].filter(Boolean).join('\n'),
    messageId: `<order-set-${change.orderSetId}-status-${historyId}@photobook>`,
  };
}
