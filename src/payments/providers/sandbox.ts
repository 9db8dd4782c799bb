// The built-in payment provider for demos and development: payments live in sandbox_payments and are paid or
// declined on a page of the service (/pay/sandbox/<id>), which then goes through the real notification path.
// Refunds are rows of sandbox_refunds, one per Idempotence-Key, as a real provider keeps them.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, SqlExecutor } from '../../db/database';
import { SANDBOX_SLOW_MS, sandboxFault } from '../../util/sandbox-faults';
import { VendorError } from '../../util/vendor-http';
import { PAYMENT_ID } from '../provider';
import type { SandboxPayment, SandboxPaymentProvider } from '../sandbox-provider';
export type { SandboxPayment, SandboxPaymentProvider } from '../sandbox-provider';
import { createSandboxPaymentsRepository, type SandboxPaymentRow } from './sandbox-repository';

export function createSandboxPaymentProvider(db: Database, publicBaseUrl: string): SandboxPaymentProvider {
  const repository = createSandboxPaymentsRepository(db.sql);
  const toPayment = (row: SandboxPaymentRow): SandboxPayment => ({ ...row, confirmationUrl: `${publicBaseUrl}/pay/sandbox/${row.id}` });
  // Keys refused once by the fail switch (per process; a new process refuses a key once more, harmlessly).
  const refusedKeys = new Set<string>();
  const find = async (id: string, sql: SqlExecutor = db.sql) => {
    if (!PAYMENT_ID.test(id)) return null;
    const row = await createSandboxPaymentsRepository(sql).byId(id);
    return row ? toPayment(row) : null;
  };
  return {
    name: 'sandbox',
    // The fault switch in the comment of the set's delivery: fail (refused, nothing made) and lost (made, no
    // answer) act on a key's first attempt only, so the shopper's retry succeeds; slow delays every attempt.
    async create(payment) {
      const fault = sandboxFault(await repository.deliveryComment(payment.orderSetId), 'payment');
      if (fault === 'slow') await sleep(SANDBOX_SLOW_MS);
      if (fault === 'fail' && !refusedKeys.has(payment.idempotenceKey)) {
        if (refusedKeys.size >= 10_000) refusedKeys.clear();
        refusedKeys.add(payment.idempotenceKey);
        throw new VendorError('sandbox', 'fault switch: payment refused');
      }
      // As at a real provider, the same Idempotence-Key gives back the first payment.
      const { made, payment: row } = await repository.create(payment);
      if (fault === 'lost' && made) throw new VendorError('sandbox', 'fault switch: payment made, answer lost', undefined, true);
      return toPayment(row);
    },
    fetch: (id) => find(id),
    find,
    async refund(refund) {
      // Only a succeeded payment, and never more than was paid; the same key gives back the first refund.
      const paymentId = PAYMENT_ID.test(refund.paymentId) ? refund.paymentId : null;
      const id = await repository.refund(refund.idempotenceKey, paymentId, refund.amountKopecks);
      if (!id) throw new VendorError('sandbox', 'the payment cannot be refunded');
      return { id, status: 'succeeded' };
    },
    async complete(id, outcome, sql = db.sql) {
      return PAYMENT_ID.test(id) && createSandboxPaymentsRepository(sql).complete(id, outcome);
    },
  };
}
