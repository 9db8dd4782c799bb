// Deletes records kept for a window once the window is over: applied editing transactions, Idempotency-Keys and
// layouts left in the bin.
// In batches, so that a large backlog never holds one long transaction (or its locks) over the whole table.
import type { SqlExecutor } from '../db/database';

/** How long each kind of record is kept, in seconds. */
export interface RetentionWindows {
  layoutTransactionsSeconds: number;
  idempotencyKeysSeconds: number;
  /** A layout in the bin unchanged (updated_at) for this long goes, unless an order holds it. */
  binnedLayoutsSeconds: number;
}

export interface PurgedCounts {
  layoutTransactions: number;
  idempotencyKeys: number;
  binnedLayouts: number;
}

const BATCH_ROWS = 5000;

// Fixed table and key names (never a caller's value): each deletes by primary key what its created_at index finds.
const PURGES = {
  layoutTransactions: `DELETE FROM layout_transactions WHERE (user_id, transaction_id) IN (
      SELECT user_id, transaction_id FROM layout_transactions WHERE created_at < now() - make_interval(secs => $1) LIMIT $2)`,
  idempotencyKeys: `DELETE FROM idempotency_keys WHERE (user_id, scope, key) IN (
      SELECT user_id, scope, key FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1) LIMIT $2)`,
  // The outer conditions repeat the inner ones so that a layout restored (or put in a cart) while the batch runs is
  // rechecked and kept. Its pages and transactions go with it (ON DELETE CASCADE); a product's or an order's
  // reference keeps it. Moving to the bin and back sets updated_at, so a restore restarts the clock.
  binnedLayouts: `DELETE FROM layouts AS l WHERE l.id IN (
      SELECT id FROM layouts AS binned WHERE binned.status = 'DELETED' AND binned.updated_at < now() - make_interval(secs => $1)
        AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.layout_id = binned.id)
        AND NOT EXISTS (SELECT 1 FROM products WHERE products.layout_id = binned.id)
      LIMIT $2)
    AND l.status = 'DELETED' AND l.updated_at < now() - make_interval(secs => $1)
    AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.layout_id = l.id)`,
} as const;

async function purgeInBatches(sql: SqlExecutor, statement: string, seconds: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await sql.query(statement, [seconds, BATCH_ROWS]);
    total += rowCount;
    if (rowCount < BATCH_ROWS) return total;
  }
}

/** Deletes every record older than its window; returns how many of each kind went. */
export async function purgeExpiredRecords(sql: SqlExecutor, windows: RetentionWindows): Promise<PurgedCounts> {
  return {
    layoutTransactions: await purgeInBatches(sql, PURGES.layoutTransactions, windows.layoutTransactionsSeconds),
    idempotencyKeys: await purgeInBatches(sql, PURGES.idempotencyKeys, windows.idempotencyKeysSeconds),
    binnedLayouts: await purgeInBatches(sql, PURGES.binnedLayouts, windows.binnedLayoutsSeconds),
  };
}
