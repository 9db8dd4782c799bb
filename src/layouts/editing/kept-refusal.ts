// A refused message that still changed something is kept as applied (own-undo.ts: an undo refused with conflict).
import type { EditError } from './messages';
import { type AppliedTransaction, appliedKey } from './repository';

/**
 * A refused undo or redo moved its sender's history (a step skipped or dropped): it is kept as applied, so that a
 * replay of its transaction answers the same refusal and skips nothing more. The book and its version stay as they are.
 */
export function keptRefusal(
  error: EditError, transaction: Omit<AppliedTransaction, 'ack'>,
  known: Map<string, { messageHash: string; ack: object }>, applied: AppliedTransaction[],
): { ack: { transaction_id: string; error: EditError } } {
  const ack = { transaction_id: transaction.transactionId, error };
  known.set(appliedKey(transaction.userId, transaction.transactionId), { messageHash: transaction.messageHash, ack });
  applied.push({ ...transaction, ack });
  return { ack };
}
