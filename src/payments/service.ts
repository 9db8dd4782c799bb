// Payments: one live payment per order set, started with a kept Idempotence-Key, and notifications applied once.
import type { Logger } from 'pino';
import { orderPaid } from '../jobs/order-paid';
import { renderPrintFiles } from '../jobs/render-print-files';
import type { Database, Transaction } from '../db/database';
import type { Queue } from '../queue/queue';
import { conflict, unavailable } from '../shared/errors';
import { VendorError } from '../util/vendor-http';
import type { PaymentProvider, RemotePayment } from './provider';
import type { SandboxPaymentProvider } from './sandbox-provider';
import { createPaymentsRepository } from './repository';

/**
 * The provider could not start the payment (the cause is logged where it failed). A retry is always safe: it starts
 * the payment with the same Idempotence-Key, so the provider never makes two.
 */
export class PaymentUnavailableError extends Error {}

/** A refusal as the front end's contract words a payment's: {error: 409, detail}. */
const refused = (detail: string) => conflict(detail, { extra: { error: 409 } });

/** What a payment is started from (an order set of the orders domain has it): the set, its state and what it costs. */
export interface PayableSet {
  id: number;
  status: string;
  goodsKopecks: number;
  delivery?: { priceKopecks: number } | null;
}

export type NotificationOutcome = 'paid' | 'canceled' | 'unchanged' | 'unknown';

/**
 * The reconciliation's pace: a payment pending for 10 minutes since its last change is asked about (a shopper
 * paying takes a few; a notification comes within seconds), then every 10 minutes while it stays pending, 50 a run.
 */
export const RECONCILE = { pendingSeconds: 600, recheckSeconds: 600, batch: 50 } as const;

export function createPaymentsService(deps: {
  db: Database; provider: PaymentProvider; queue: Queue; log: Logger; returnUrl: string;
  /** In the transaction that marks a set paid: the print hold starts (issue 53). */
  afterPaid?: (tx: Transaction, orderSetId: number) => Promise<void>;
}) {
  const { db, provider, queue, log } = deps;
  const repository = createPaymentsRepository(db.sql);

  /**
   * Acts on a notification about the provider's payment id. The notification itself is never trusted: the
   * payment is read back from the provider, and only what the provider says now (amount and set included) counts.
   */
  /** The payment read back from the provider and applied; a VendorError when the provider cannot be asked. */
  async function applyRemoteOf(externalId: string): Promise<NotificationOutcome> {
    const remote = await provider.fetch(externalId);
    if (!remote) return 'unknown';
    return db.transaction((tx) => applyRemote(tx, remote));
  }

  return {
    /**
     * The payment page of a CONFIRMED set: its live payment's, or a new payment's. A payment whose start failed
     * is started again with the same Idempotence-Key, so the provider never holds two for one set.
     */
    async link(set: PayableSet): Promise<string> {
      if (set.status !== 'CONFIRMED') throw refused(`The order set is ${set.status}.`);
      const amountKopecks = set.goodsKopecks + (set.delivery?.priceKopecks ?? 0);
      // Only an empty set costs nothing, and none is confirmed any more; one confirmed before that is never "paid".
      if (amountKopecks <= 0) throw refused('Nothing to pay: the order set costs 0.00.');
      const payment = await repository.live(set.id, provider.name, amountKopecks);
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
        throw new PaymentUnavailableError(error.message);
      }
      if (!remote.confirmationUrl) {
        log.error({ orderSetId: set.id, paymentId: remote.id }, 'payment provider gave no confirmation URL');
        throw new PaymentUnavailableError('no confirmation URL');
      }
      await repository.markStarted(payment.id, remote.id, remote.confirmationUrl);
      return remote.confirmationUrl;
    },

    /**
     * A provider's notification of a payment, applied as the provider has the payment. Unavailable when the provider
     * cannot be asked: not acknowledged, so that it sends the notification again later.
     */
    async applyNotification(externalId: string): Promise<NotificationOutcome> {
      try {
        return await applyRemoteOf(externalId);
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        log.error({ err: error, paymentId: externalId }, 'payment notification could not be checked');
        throw unavailable('The payment provider could not be reached; send the notification again later.');
      }
    },

    /**
     * The sandbox page's Pay and Decline: the sandbox's record of the payment and the shop's move to PAID in one
     * transaction, so a crash between them can never leave the payment succeeded there and pending here.
     */
    async completeInSandbox(sandbox: SandboxPaymentProvider, externalId: string, outcome: 'succeeded' | 'canceled'): Promise<NotificationOutcome> {
      return db.transaction(async (tx) => {
        await sandbox.complete(externalId, outcome, tx.sql);
        const remote = await sandbox.find(externalId, tx.sql);
        return remote ? applyRemote(tx, remote) : 'unknown';
      });
    },

    /**
     * Payments pending here RECONCILE.pendingSeconds after their last change are asked of the provider (each at most
     * every RECONCILE.recheckSeconds): a succeeded one is applied as its notification would have been (a notification
     * that never came, a crash between the provider's record and the shop's), a canceled one settled. The first
     * failure to reach the provider ends the run; the rest wait for the next one.
     */
    async reconcile(): Promise<Record<NotificationOutcome | 'checked' | 'failed', number>> {
      const report = { checked: 0, paid: 0, canceled: 0, unchanged: 0, unknown: 0, failed: 0 };
      const due = await repository.dueForCheck(provider.name, RECONCILE.pendingSeconds, RECONCILE.recheckSeconds, RECONCILE.batch);
      for (const externalId of due) {
        try {
          report[await applyRemoteOf(externalId)] += 1;
          report.checked += 1;
        } catch (error) {
          if (!(error instanceof VendorError)) throw error;
          log.warn({ err: error, externalId }, 'payment reconciliation: the provider could not be asked; the next run tries again');
          report.failed += 1;
          break;
        }
      }
      return report;
    },
  };

  /** What the provider says now about one of the shop's payments, applied once in tx. */
  async function applyRemote(tx: Transaction, remote: RemotePayment): Promise<NotificationOutcome> {
    const repo = createPaymentsRepository(tx.sql);
    const local = await repo.byExternalId(provider.name, remote.id);
    if (!local) return 'unknown';
    if (remote.amountKopecks !== local.amountKopecks || remote.orderSetId !== local.orderSetId) {
      log.error({ externalId: remote.id, remote, local: { amount: local.amountKopecks, orderSetId: local.orderSetId } }, 'payment does not match its order set');
      return 'unchanged';
    }
    if (remote.status === 'canceled') {
      // The set stays CONFIRMED: the shopper may pay again, which starts a new payment.
      return (await repo.settle(local.id, 'canceled')) ? 'canceled' : 'unchanged';
    }
    if (remote.status !== 'succeeded') return 'unchanged';
    if (!(await repo.settle(local.id, 'succeeded'))) return 'unchanged';
    if (!(await repo.markPaid(local.orderSetId))) return 'unchanged';
    await queue.enqueue(tx, orderPaid, { orderSetId: local.orderSetId });
    await queue.enqueue(tx, renderPrintFiles, { orderSetId: local.orderSetId });
    await deps.afterPaid?.(tx, local.orderSetId);
    log.info({ orderSetId: local.orderSetId, externalId: remote.id }, 'order set paid');
    return 'paid';
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
