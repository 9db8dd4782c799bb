// Deletes records kept for a window once the window is over: applied editing transactions, Idempotency-Keys and
// layouts left in the bin.
// In batches, so that a large backlog never holds one long transaction (or its locks) over the whole table.
import type { SqlExecutor } from '../db/database';
import { createRetentionRepository, type PurgedRecords, type RetentionRepository } from './repository';

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

async function purgeInBatches(repository: RetentionRepository, records: PurgedRecords, seconds: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await repository.purgeBatch(records, seconds, BATCH_ROWS);
    total += deleted;
    if (deleted < BATCH_ROWS) return total;
  }
}

/** Deletes every record older than its window; returns how many of each kind went. */
export async function purgeExpiredRecords(sql: SqlExecutor, windows: RetentionWindows): Promise<PurgedCounts> {
  const repository = createRetentionRepository(sql);
  return {
    layoutTransactions: await purgeInBatches(repository, 'layoutTransactions', windows.layoutTransactionsSeconds),
    idempotencyKeys: await purgeInBatches(repository, 'idempotencyKeys', windows.idempotencyKeysSeconds),
    binnedLayouts: await purgeInBatches(repository, 'binnedLayouts', windows.binnedLayoutsSeconds),
  };
}
