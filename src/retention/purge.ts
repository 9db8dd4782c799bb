// Deletes records kept for a window once the window is over: applied editing transactions and Idempotency-Keys.
// In batches, so that a large backlog never holds one long transaction (or its locks) over the whole table.
import type { SqlExecutor } from '../db/database';

/** How long each kind of record is kept, in seconds. */
export interface RetentionWindows {
  layoutTransactionsSeconds: number;
  idempotencyKeysSeconds: number;
}

export interface PurgedCounts {
  layoutTransactions: number;
  idempotencyKeys: number;
}

const BATCH_ROWS = 5000;

// Fixed table and key names (never a caller's value): each deletes by primary key what its created_at index finds.
const PURGES = {
  layoutTransactions: `DELETE FROM layout_transactions WHERE (user_id, transaction_id) IN (
      SELECT user_id, transaction_id FROM layout_transactions WHERE created_at < now() - make_interval(secs => $1) LIMIT $2)`,
  idempotencyKeys: `DELETE FROM idempotency_keys WHERE (user_id, scope, key) IN (
      SELECT user_id, scope, key FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1) LIMIT $2)`,
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
  };
}
