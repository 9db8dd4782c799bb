// Refunding a paid order set exactly once: the refund is claimed in the database (one row per set), then asked of the
// provider with an Idempotence-Key derived from the set, so a retry after a lost answer gets the same refund back.
import type { Logger } from 'pino';
import type { SqlExecutor } from '../db/database';
import { VendorError } from '../util/vendor-http';
import type { PaymentProvider, RemoteRefund } from './provider';
import { createRefundsRepository } from './refunds-repository';

export interface ClaimedRefund {
  orderSetId: number;
  idempotenceKey: string;
  provider: string;
  externalPaymentId: string;
  amountKopecks: number;
}

export type RefundStatus = 'requested' | 'pending' | 'succeeded';

/** The key of the set's one refund: the same for every attempt, from any process, after any crash. */
export const refundKeyOf = (orderSetId: number) => `photobook-order-set-${orderSetId}-refund`;

/** The provider did not confirm the refund (or is not the one the payment was made at); the message says what to do. */
export class RefundUnavailableError extends Error {}

export function createRefunds(deps: { provider: PaymentProvider; log: Logger }) {
  const { provider, log } = deps;
  return {
    /**
     * Records that the set's succeeded payment is being refunded (kept when it already was); null when the set has
     * no succeeded payment, so nothing to refund. Call it with the set locked.
     */
    async claim(sql: SqlExecutor, orderSetId: number): Promise<ClaimedRefund | null> {
      const row = await createRefundsRepository(sql).claim(orderSetId, refundKeyOf(orderSetId));
      return row ? { orderSetId, ...row } : null;
    },

    /** Asks the provider; any failure is a RefundUnavailableError and leaves the claim, so that the next attempt uses the same key. */
    async ask(claim: ClaimedRefund): Promise<RemoteRefund> {
      if (claim.provider !== provider.name) {
        log.error({ orderSetId: claim.orderSetId, provider: claim.provider }, 'the payment was made at another provider; refund it there');
        throw new RefundUnavailableError(`The payment was made through ${claim.provider}, which this service does not use now.`);
      }
      try {
        return await provider.refund({ idempotenceKey: claim.idempotenceKey, paymentId: claim.externalPaymentId, amountKopecks: claim.amountKopecks });
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        log.error({ err: error, orderSetId: claim.orderSetId }, 'refund failed');
        throw new RefundUnavailableError('The payment provider did not confirm the refund; the order set is not canceled. Try again: the same refund is asked for, never a second one.');
      }
    },

    async record(sql: SqlExecutor, orderSetId: number, remote: RemoteRefund): Promise<void> {
      await createRefundsRepository(sql).record(orderSetId, remote.status, remote.id);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
