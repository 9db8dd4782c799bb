// The built-in payment provider for demos and development: payments live in sandbox_payments and are paid or
// declined on a page of the service (/pay/sandbox/<id>), which then goes through the real notification path.
// Refunds are rows of sandbox_refunds, one per Idempotence-Key, as a real provider keeps them.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, SqlExecutor } from '../../db/database';
import { SANDBOX_SLOW_MS, sandboxFault } from '../../util/sandbox-faults';
import { VendorError } from '../../util/vendor-http';
import { PAYMENT_ID, type PaymentProvider, type RemotePayment } from '../provider';

export interface SandboxPayment extends RemotePayment {
  description: string;
  returnUrl: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  /** sql: the caller's transaction, to read what it wrote (see complete). */
  find(id: string, sql?: SqlExecutor): Promise<SandboxPayment | null>;
  /**
   * Pays or declines a pending payment; false when it was no longer pending. sql: the caller's transaction, so that
   * the shop applies the outcome in the same one (a crash between the two would strand the payment).
   */
  complete(id: string, outcome: 'succeeded' | 'canceled', sql?: SqlExecutor): Promise<boolean>;
}

export function createSandboxPaymentProvider(db: Database, publicBaseUrl: string): SandboxPaymentProvider {
  const toPayment = (row: Record<string, unknown>): SandboxPayment => ({
    id: String(row.id),
    status: row.status as RemotePayment['status'],
    amountKopecks: Number(row.amount_kopecks),
    orderSetId: Number(row.order_set_id),
    confirmationUrl: `${publicBaseUrl}/pay/sandbox/${String(row.id)}`,
    description: String(row.description),
    returnUrl: String(row.return_url),
  });
  // Keys refused once by the fail switch (per process; a new process refuses a key once more, harmlessly).
  const refusedKeys = new Set<string>();
  const deliveryComment = async (orderSetId: number) => {
    const { rows } = await db.sql.query<{ comment: string | null }>("SELECT option->>'comment' AS comment FROM deliveries WHERE order_set_id = $1", [orderSetId]);
    return rows[0]?.comment ?? null;
  };
  const find = async (id: string, sql: SqlExecutor = db.sql) => {
    if (!PAYMENT_ID.test(id)) return null;
    const { rows } = await sql.query<Record<string, unknown>>('SELECT * FROM sandbox_payments WHERE id = $1', [id]);
    return rows[0] ? toPayment(rows[0]) : null;
  };
  return {
    name: 'sandbox',
    // The fault switch in the comment of the set's delivery: fail (refused, nothing made) and lost (made, no
    // answer) act on a key's first attempt only, so the shopper's retry succeeds; slow delays every attempt.
    async create(payment) {
      const fault = sandboxFault(await deliveryComment(payment.orderSetId), 'payment');
      if (fault === 'slow') await sleep(SANDBOX_SLOW_MS);
      if (fault === 'fail' && !refusedKeys.has(payment.idempotenceKey)) {
        if (refusedKeys.size >= 10_000) refusedKeys.clear();
        refusedKeys.add(payment.idempotenceKey);
        throw new VendorError('sandbox', 'fault switch: payment refused');
      }
      // As at a real provider, the same Idempotence-Key gives back the first payment.
      const { rows: made } = await db.sql.query(
        `INSERT INTO sandbox_payments (idempotence_key, order_set_id, amount_kopecks, description, return_url)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotence_key) DO NOTHING RETURNING id`,
        [payment.idempotenceKey, payment.orderSetId, payment.amountKopecks, payment.description, payment.returnUrl]);
      if (fault === 'lost' && made.length === 1) throw new VendorError('sandbox', 'fault switch: payment made, answer lost', undefined, true);
      const { rows } = await db.sql.query<Record<string, unknown>>('SELECT * FROM sandbox_payments WHERE idempotence_key = $1', [payment.idempotenceKey]);
      return toPayment(rows[0]);
    },
    fetch: (id) => find(id),
    find,
    async refund(refund) {
      // Only a succeeded payment, and never more than was paid; the same key gives back the first refund.
      await db.sql.query(
        `INSERT INTO sandbox_refunds (idempotence_key, payment_id, amount_kopecks)
         SELECT $1, id, $3 FROM sandbox_payments WHERE id = $2 AND status = 'succeeded' AND amount_kopecks >= $3
         ON CONFLICT (idempotence_key) DO NOTHING`,
        [refund.idempotenceKey, PAYMENT_ID.test(refund.paymentId) ? refund.paymentId : null, refund.amountKopecks]);
      const { rows } = await db.sql.query<{ id: string }>('SELECT id FROM sandbox_refunds WHERE idempotence_key = $1', [refund.idempotenceKey]);
      if (!rows[0]) throw new VendorError('sandbox', 'the payment cannot be refunded');
      return { id: String(rows[0].id), status: 'succeeded' };
    },
    async complete(id, outcome, sql = db.sql) {
      if (!PAYMENT_ID.test(id)) return false;
      const { rows } = await sql.query(
        "UPDATE sandbox_payments SET status = $2 WHERE id = $1 AND status = 'pending' RETURNING id", [id, outcome]);
      return rows.length === 1;
    },
  };
}
