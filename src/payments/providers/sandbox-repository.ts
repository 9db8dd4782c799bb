// SQL of the sandbox payment provider: its payments (sandbox_payments) and refunds (sandbox_refunds), one per
// Idempotence-Key as a real provider keeps them, and the fault switch read from the set's delivery comment.
import type { SqlExecutor } from '../../db/database';

export interface SandboxPaymentRow {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amountKopecks: number;
  orderSetId: number;
  description: string;
  returnUrl: string;
}

export interface NewSandboxPayment {
  idempotenceKey: string;
  orderSetId: number;
  amountKopecks: number;
  description: string;
  returnUrl: string;
}

const COLUMNS = 'id, status, amount_kopecks, order_set_id, description, return_url';

const toPayment = (row: Record<string, unknown>): SandboxPaymentRow => ({
  id: String(row.id), status: row.status as SandboxPaymentRow['status'], amountKopecks: Number(row.amount_kopecks),
  orderSetId: Number(row.order_set_id), description: String(row.description), returnUrl: String(row.return_url),
});

export function createSandboxPaymentsRepository(sql: SqlExecutor) {
  return {
    /** The comment of the set's delivery, where a demo writes the sandbox's fault switch. */
    async deliveryComment(orderSetId: number): Promise<string | null> {
      const { rows } = await sql.query<{ comment: string | null }>("SELECT option->>'comment' AS comment FROM deliveries WHERE order_set_id = $1", [orderSetId]);
      return rows[0]?.comment ?? null;
    },

    async byId(id: string): Promise<SandboxPaymentRow | undefined> {
      const { rows: [row] } = await sql.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM sandbox_payments WHERE id = $1`, [id]);
      return row && toPayment(row);
    },

    /** The payment of the key: made now (made: true), or the one an earlier request with that key made. */
    async create(payment: NewSandboxPayment): Promise<{ made: boolean; payment: SandboxPaymentRow }> {
      const { rows: made } = await sql.query(
        `INSERT INTO sandbox_payments (idempotence_key, order_set_id, amount_kopecks, description, return_url)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotence_key) DO NOTHING RETURNING id`,
        [payment.idempotenceKey, payment.orderSetId, payment.amountKopecks, payment.description, payment.returnUrl]);
      const { rows: [row] } = await sql.query<Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM sandbox_payments WHERE idempotence_key = $1`, [payment.idempotenceKey]);
      return { made: made.length === 1, payment: toPayment(row) };
    },

    /**
     * The refund of the key, made now when the payment (null: none) succeeded and paid at least amountKopecks, or
     * the one an earlier request with that key made; undefined when there is none.
     */
    async refund(idempotenceKey: string, paymentId: string | null, amountKopecks: number): Promise<string | undefined> {
      await sql.query(
        `INSERT INTO sandbox_refunds (idempotence_key, payment_id, amount_kopecks)
         SELECT $1, id, $3 FROM sandbox_payments WHERE id = $2 AND status = 'succeeded' AND amount_kopecks >= $3
         ON CONFLICT (idempotence_key) DO NOTHING`,
        [idempotenceKey, paymentId, amountKopecks]);
      const { rows } = await sql.query<{ id: string }>('SELECT id FROM sandbox_refunds WHERE idempotence_key = $1', [idempotenceKey]);
      return rows[0] && String(rows[0].id);
    },

    /** Pays or declines a pending payment; false when it was no longer pending. */
    async complete(id: string, outcome: 'succeeded' | 'canceled'): Promise<boolean> {
      const { rows } = await sql.query(
        "UPDATE sandbox_payments SET status = $2 WHERE id = $1 AND status = 'pending' RETURNING id", [id, outcome]);
      return rows.length === 1;
    },
  };
}
