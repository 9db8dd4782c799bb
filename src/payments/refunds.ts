// Refunding a paid order set exactly once: the refund is claimed in the database (one row per set), then asked of the
// provider with an Idempotence-Key derived from the set, so a retry after a lost answer gets the same refund back.
import type { Logger } from 'pino';
import type { SqlExecutor } from '../db/database';
import { HttpError } from '../http/errors';
import { VendorError } from '../util/vendor-http';
import type { PaymentProvider, RemoteRefund } from './provider';

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

export const refundUnavailable = (detail: string) => new HttpError(502, { error: 'provider_unavailable', detail });

export function createRefunds(deps: { provider: PaymentProvider; log: Logger }) {
  const { provider, log } = deps;
  return {
    /**
     * Records that the set's succeeded payment is being refunded (kept when it already was); null when the set has
     * no succeeded payment, so nothing to refund. Call it with the set locked.
     */
    async claim(sql: SqlExecutor, orderSetId: number): Promise<ClaimedRefund | null> {
      await sql.query(
        `INSERT INTO refunds (order_set_id, payment_id, idempotence_key, amount_kopecks)
         SELECT order_set_id, id, $2, amount_kopecks FROM payments WHERE order_set_id = $1 AND status = 'succeeded'
         ON CONFLICT (order_set_id) DO NOTHING`, [orderSetId, refundKeyOf(orderSetId)]);
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT r.idempotence_key, r.amount_kopecks, p.provider, p.external_id FROM refunds r JOIN payments p ON p.id = r.payment_id
          WHERE r.order_set_id = $1`, [orderSetId]);
      const row = rows[0];
      if (!row) return null;
      return {
        orderSetId, idempotenceKey: String(row.idempotence_key), provider: String(row.provider),
        externalPaymentId: String(row.external_id), amountKopecks: Number(row.amount_kopecks),
      };
    },

    /** Asks the provider; any failure is a 502 and leaves the claim, so that the next attempt uses the same key. */
    async ask(claim: ClaimedRefund): Promise<RemoteRefund> {
      if (claim.provider !== provider.name) {
        log.error({ orderSetId: claim.orderSetId, provider: claim.provider }, 'the payment was made at another provider; refund it there');
        throw refundUnavailable(`The payment was made through ${claim.provider}, which this service does not use now.`);
      }
      try {
        return await provider.refund({ idempotenceKey: claim.idempotenceKey, paymentId: claim.externalPaymentId, amountKopecks: claim.amountKopecks });
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        log.error({ err: error, orderSetId: claim.orderSetId }, 'refund failed');
        throw refundUnavailable('The payment provider did not confirm the refund; the order set is not canceled. Try again: the same refund is asked for, never a second one.');
      }
    },

    async record(sql: SqlExecutor, orderSetId: number, remote: RemoteRefund): Promise<void> {
      await sql.query('UPDATE refunds SET status = $2, external_id = $3, updated_at = now() WHERE order_set_id = $1',
        [orderSetId, remote.status, remote.id]);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
