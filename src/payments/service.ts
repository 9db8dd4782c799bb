// Payments: one live payment per order set, started with a kept Idempotence-Key, and notifications applied once.
import type { Logger } from 'pino';
import { orderPaid } from '../../jobs/order-paid';
import { renderPrintFiles } from '../../jobs/render-print-files';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { OrderSet } from '../orders/service';
import type { Queue } from '../queue/queue';
import { VendorError } from '../util/vendor-http';
import type { PaymentProvider } from './provider';
import { createPaymentsRepository } from './repository';

// A retry is always safe: it starts the payment with the same Idempotence-Key, so the provider never makes two.
export const paymentUnavailable = () => new HttpError(500, { error: 500, detail: 'The payment service is unavailable; please try again.' }, { 'Retry-After': '5' });

export type NotificationOutcome = 'paid' | 'canceled' | 'unchanged' | 'unknown';

export function createPaymentsService(deps: { db: Database; provider: PaymentProvider; queue: Queue; log: Logger; returnUrl: string }) {
  const { db, provider, queue, log } = deps;
  const repository = createPaymentsRepository();

  return {
    /**
     * The payment page of a CONFIRMED set: its live payment's, or a new payment's. A payment whose start failed
     * is started again with the same Idempotence-Key, so the provider never holds two for one set.
     */
    async link(set: OrderSet): Promise<string> {
      if (set.status !== 'CONFIRMED') throw new HttpError(409, { error: 409, detail: `The order set is ${set.status}.` });
      const amountKopecks = set.goodsKopecks + (set.delivery?.priceKopecks ?? 0);
      // Only an empty set costs nothing, and none is confirmed any more; one confirmed before that is never "paid".
      if (amountKopecks <= 0) throw new HttpError(409, { error: 409, detail: 'Nothing to pay: the order set costs 0.00.' });
      const payment = await repository.live(db.sql, set.id, provider.name, amountKopecks);
      if (payment.confirmationUrl) return payment.confirmationUrl;
      let remote;
      try {
        remote = await provider.create({
          idempotenceKey: payment.idempotenceKey, amountKopecks: payment.amountKopecks, orderSetId: set.id,
          description: `Заказ №${set.id}`, returnUrl: deps.returnUrl,
        });
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        log.error({ err: error, orderSetId: set.id }, 'payment could not be started');
        throw paymentUnavailable();
      }
      if (!remote.confirmationUrl) {
        log.error({ orderSetId: set.id, paymentId: remote.id }, 'payment provider gave no confirmation URL');
        throw paymentUnavailable();
      }
      await repository.markStarted(db.sql, payment.id, remote.id, remote.confirmationUrl);
      return remote.confirmationUrl;
    },

    /**
     * Acts on a notification about the provider's payment id. The notification itself is never trusted: the
     * payment is read back from the provider, and only what the provider says now (amount and set included) counts.
     */
    async applyNotification(externalId: string): Promise<NotificationOutcome> {
      const remote = await provider.fetch(externalId);
      const local = remote && (await repository.byExternalId(db.sql, provider.name, remote.id));
      if (!remote || !local) return 'unknown';
      if (remote.amountKopecks !== local.amountKopecks || remote.orderSetId !== local.orderSetId) {
        log.error({ externalId, remote, local: { amount: local.amountKopecks, orderSetId: local.orderSetId } }, 'payment does not match its order set');
        return 'unchanged';
      }
      if (remote.status === 'canceled') {
        // The set stays CONFIRMED: the shopper may pay again, which starts a new payment.
        return (await repository.settle(db.sql, local.id, 'canceled')) ? 'canceled' : 'unchanged';
      }
      if (remote.status !== 'succeeded') return 'unchanged';
      return db.transaction(async (tx) => {
        if (!(await repository.settle(tx.sql, local.id, 'succeeded'))) return 'unchanged';
        if (!(await repository.markPaid(tx.sql, local.orderSetId))) return 'unchanged';
        await queue.enqueue(tx, orderPaid, { orderSetId: local.orderSetId });
        await queue.enqueue(tx, renderPrintFiles, { orderSetId: local.orderSetId });
        log.info({ orderSetId: local.orderSetId, externalId }, 'order set paid');
        return 'paid';
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
