// SQL for payments and the PAID transition: conditional updates, so that each change happens once.
import type { SqlExecutor } from '../db/database';

export interface PaymentRow {
  id: number;
  orderSetId: number;
  provider: string;
  amountKopecks: number;
  status: 'creating' | 'pending' | 'succeeded' | 'canceled';
  externalId: string | null;
  confirmationUrl: string | null;
  idempotenceKey: string;
}

const COLUMNS = `id, order_set_id, provider, amount_kopecks, status, external_id, confirmation_url, idempotence_key`;

const toPayment = (row: Record<string, unknown>): PaymentRow => ({
  id: Number(row.id), orderSetId: Number(row.order_set_id), provider: String(row.provider), amountKopecks: Number(row.amount_kopecks),
  status: row.status as PaymentRow['status'], externalId: row.external_id as string | null,
  confirmationUrl: row.confirmation_url as string | null, idempotenceKey: String(row.idempotence_key),
});

export function createPaymentsRepository(sql: SqlExecutor) {
  return {
    /** The set's payment that is not canceled, creating one (with a fresh Idempotence-Key) when there is none. */
    async live(orderSetId: number, provider: string, amountKopecks: number): Promise<PaymentRow> {
      // The partial unique index allows one live payment per set: a concurrent creator's row is found instead.
      await sql.query(
        `INSERT INTO payments (order_set_id, provider, amount_kopecks, status) VALUES ($1, $2, $3, 'creating')
         ON CONFLICT (order_set_id) WHERE status IN ('creating', 'pending', 'succeeded') DO NOTHING`,
        [orderSetId, provider, amountKopecks]);
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM payments WHERE order_set_id = $1 AND status IN ('creating', 'pending', 'succeeded')`, [orderSetId]);
      return toPayment(rows[0]);
    },

    async markStarted(paymentId: number, externalId: string, confirmationUrl: string): Promise<void> {
      await sql.query(
        `UPDATE payments SET status = 'pending', external_id = $2, confirmation_url = $3, updated_at = now()
          WHERE id = $1 AND status = 'creating'`, [paymentId, externalId, confirmationUrl]);
    },

    async byExternalId(provider: string, externalId: string): Promise<PaymentRow | undefined> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM payments WHERE provider = $1 AND external_id = $2`, [provider, externalId]);
      return rows[0] ? toPayment(rows[0]) : undefined;
    },

    /** Moves a live payment to its final state; true only for the one caller that moved it. */
    async settle(paymentId: number, status: 'succeeded' | 'canceled'): Promise<boolean> {
      const { rows } = await sql.query(
        `UPDATE payments SET status = $2, updated_at = now() WHERE id = $1 AND status IN ('creating', 'pending') RETURNING id`,
        [paymentId, status]);
      return rows.length === 1;
    },

    /**
     * Up to limit payments of the provider pending for more than pendingSeconds since their last change and not asked
     * about within recheckSeconds, least recently asked first: their provider ids, marked as asked now (so processes
     * running this at once share them out, and a payment that keeps failing goes to the back).
     */
    async dueForCheck(provider: string, pendingSeconds: number, recheckSeconds: number, limit: number): Promise<string[]> {
      const { rows } = await sql.query<{ external_id: string }>(`
        UPDATE payments SET checked_at = now() WHERE id IN (
          SELECT id FROM payments
           WHERE status = 'pending' AND provider = $1 AND external_id IS NOT NULL
             AND updated_at < now() - $2 * interval '1 second'
             AND (checked_at IS NULL OR checked_at < now() - $3 * interval '1 second')
           ORDER BY coalesce(checked_at, updated_at) LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING external_id`, [provider, pendingSeconds, recheckSeconds, limit]);
      return rows.map((row) => row.external_id);
    },

    /** CONFIRMED -> PAID; true only for the one caller that moved it. */
    async markPaid(orderSetId: number): Promise<boolean> {
      const { rows } = await sql.query(
        "UPDATE order_sets SET status = 'PAID' WHERE id = $1 AND status = 'CONFIRMED' RETURNING id", [orderSetId]);
      return rows.length === 1;
    },
  };
}
