// The built-in payment provider for demos and development: payments live in sandbox_payments and are paid or
// declined on a page of the service (/pay/sandbox/<id>), which then goes through the real notification path.
// Refunds are rows of sandbox_refunds, one per Idempotence-Key, as a real provider keeps them.
import type { Database } from '../../db/database';
import { VendorError } from '../../util/vendor-http';
import type { PaymentProvider, RemotePayment } from '../provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SandboxPayment extends RemotePayment {
  description: string;
  returnUrl: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  find(id: string): Promise<SandboxPayment | null>;
  /** Pays or declines a pending payment; false when it was no longer pending. */
  complete(id: string, outcome: 'succeeded' | 'canceled'): Promise<boolean>;
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
  const find = async (id: string) => {
    if (!UUID.test(id)) return null;
    const { rows } = await db.sql.query<Record<string, unknown>>('SELECT * FROM sandbox_payments WHERE id = $1', [id]);
    return rows[0] ? toPayment(rows[0]) : null;
  };
  return {
    name: 'sandbox',
    async create(payment) {
      // As at a real provider, the same Idempotence-Key gives back the first payment.
      await db.sql.query(
        `INSERT INTO sandbox_payments (idempotence_key, order_set_id, amount_kopecks, description, return_url)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotence_key) DO NOTHING`,
        [payment.idempotenceKey, payment.orderSetId, payment.amountKopecks, payment.description, payment.returnUrl]);
      const { rows } = await db.sql.query<Record<string, unknown>>('SELECT * FROM sandbox_payments WHERE idempotence_key = $1', [payment.idempotenceKey]);
      return toPayment(rows[0]);
    },
    fetch: find,
    find,
    async refund(refund) {
      // Only a succeeded payment, and never more than was paid; the same key gives back the first refund.
      await db.sql.query(
        `INSERT INTO sandbox_refunds (idempotence_key, payment_id, amount_kopecks)
         SELECT $1, id, $3 FROM sandbox_payments WHERE id = $2 AND status = 'succeeded' AND amount_kopecks >= $3
         ON CONFLICT (idempotence_key) DO NOTHING`,
        [refund.idempotenceKey, UUID.test(refund.paymentId) ? refund.paymentId : null, refund.amountKopecks]);
      const { rows } = await db.sql.query<{ id: string }>('SELECT id FROM sandbox_refunds WHERE idempotence_key = $1', [refund.idempotenceKey]);
      if (!rows[0]) throw new VendorError('sandbox', 'the payment cannot be refunded');
      return { id: String(rows[0].id), status: 'succeeded' };
    },
    async complete(id, outcome) {
      if (!UUID.test(id)) return false;
      const { rows } = await db.sql.query(
        "UPDATE sandbox_payments SET status = $2 WHERE id = $1 AND status = 'pending' RETURNING id", [id, outcome]);
      return rows.length === 1;
    },
  };
}
