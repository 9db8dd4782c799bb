// The outbox of deletions: a write that leaves media files without a row naming them records them in its own
// transaction, with the job that deletes them, so a storage that fails the deletion delays it and orphans nothing.
import type { Logger } from 'pino';
import { deleteStoredFiles } from '../../jobs/contracts/delete-stored-files';
import type { Database, Transaction } from '../db/database';
import type { MediaStorage } from '../media/storage';
import type { Queue } from '../queue/queue';

/** Deletions a job sends the storage at once. */
const DELETING_AT_ONCE = 3;

export interface DeletionOutcome {
  deleted: number;
  failed: number;
  /** The first failure's message, when one failed. */
  error?: string;
}

export function createStoredFileDeletions(deps: { db: Database; media: MediaStorage; queue: Queue; log: Logger }) {
  const { db, media, queue, log } = deps;

  /** Deletes the recorded files of these rows (those still recorded) and drops the rows of those the storage took. */
  async function deleteRecorded(ids: number[]): Promise<DeletionOutcome> {
    const { rows } = await db.sql.query<{ id: string; key: string }>('SELECT id, key FROM stored_file_deletions WHERE id = ANY($1::bigint[]) ORDER BY id', [ids]);
    const outcome: DeletionOutcome = { deleted: 0, failed: 0 };
    for (let start = 0; start < rows.length; start += DELETING_AT_ONCE) {
      await Promise.all(rows.slice(start, start + DELETING_AT_ONCE).map(async (row) => {
        try {
          await media.delete(row.key);
          await db.sql.query('DELETE FROM stored_file_deletions WHERE id = $1', [row.id]);
          outcome.deleted += 1;
        } catch (error) {
          outcome.failed += 1;
          outcome.error ??= (error as Error).message;
          await db.sql.query('UPDATE stored_file_deletions SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [row.id, (error as Error).message]);
        }
      }));
    }
    return outcome;
  }

  return {
    /** In tx: records the files for deletion, with the job that deletes them. What it returns goes to deleteSoon. */
    async record(tx: Transaction, keys: string[]): Promise<number[]> {
      if (keys.length === 0) return [];
      const { rows } = await tx.sql.query<{ id: string }>(
        'INSERT INTO stored_file_deletions (key) SELECT unnest($1::text[]) RETURNING id', [keys]);
      const ids = rows.map((row) => Number(row.id));
      await queue.enqueue(tx, deleteStoredFiles, { ids });
      return ids;
    },

    /** Once the recording transaction committed: tries the deletions at once; what fails is left to the job. */
    async deleteSoon(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      const outcome = await deleteRecorded(ids).catch((error: Error) => ({ deleted: 0, failed: ids.length, error: error.message }));
      if (outcome.failed > 0) log.warn({ failed: outcome.failed, error: outcome.error }, 'files not deleted yet: the delete-stored-files job retries them');
    },

    deleteRecorded,

    /** Rows recorded more than olderThanSeconds ago (their job may have given up): deleted again, a batch at a time. */
    async deleteLeftovers(olderThanSeconds: number, batch = 1000): Promise<DeletionOutcome> {
      const { rows } = await db.sql.query<{ id: string }>(
        `SELECT id FROM stored_file_deletions WHERE recorded_at < now() - $1 * interval '1 second' ORDER BY recorded_at LIMIT $2`,
        [olderThanSeconds, batch]);
      return deleteRecorded(rows.map((row) => Number(row.id)));
    },
  };
}

export type StoredFileDeletions = ReturnType<typeof createStoredFileDeletions>;
