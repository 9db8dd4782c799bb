// When an administrator moves an order set (production, shipping, delivery, cancellation): an e-mail to its shopper.
// Enqueued in the transaction of the move, so every move has its mail; the Message-ID names the move, so a repeat
// after a crash is the same message to the receiving server.
import { defineJob } from './job-context';
import { sendOrderStatusEmail as contract } from '../jobs/send-order-status-email';

export const sendOrderStatusEmail = defineJob(contract, ({ historyId }, { orderAdmin }) => orderAdmin.sendStatusEmail(historyId));
