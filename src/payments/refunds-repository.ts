// SQL for refunds: one row per refunded order set, claimed before the provider is asked and recorded after.
import type { SqlExecutor } from '../db/database';

/** A claimed refund as the provider is asked for it: the key and the payment it refunds. */
export interface RefundClaimRow {
  idempotenceKey: string;
  provider: string;
  externalPaymentId: string;
  amountKopecks: number;
}

export function createRefundsRepository(sql: SqlExecutor) {
  return {
    /**
     * The set's refund row, inserted for its succeeded payment with idempotenceKey unless one exists (then kept as it
     * is); undefined when the set has no succeeded payment. Books taken back inside the hold were refunded already.
     */
    async claim(orderSetId: number, idempotenceKey: string): Promise<RefundClaimRow | undefined> {
      await sql.query(
        `INSERT INTO refunds (order_set_id, payment_id, idempotence_key, amount_kopecks)
         SELECT order_set_id, id, $2, amount_kopecks
                - coalesce((SELECT sum(t.amount_kopecks) FROM order_take_backs t WHERE t.order_set_id = $1), 0)
           FROM payments WHERE order_set_id = $1 AND status = 'succeeded'
         ON CONFLICT (order_set_id) DO NOTHING`, [orderSetId, idempotenceKey]);
      const { rows: [row] } = await sql.query<Record<string, unknown>>(
        `SELECT r.idempotence_key, r.amount_kopecks, p.provider, p.external_id FROM refunds r JOIN payments p ON p.id = r.payment_id
          WHERE r.order_set_id = $1`, [orderSetId]);
      if (!row) return undefined;
      return {
        idempotenceKey: String(row.idempotence_key), provider: String(row.provider),
        externalPaymentId: String(row.external_id), amountKopecks: Number(row.amount_kopecks),
      };
    },

    async record(orderSetId: number, status: string, externalId: string): Promise<void> {
      await sql.query('UPDATE refunds SET status = $2, external_id = $3, updated_at = now() WHERE order_set_id = $1',
        [orderSetId, status, externalId]);
    },
  };
}
