// The outbox of deletions: a write that leaves stored files (public media or private files) without a row naming them
// records them in its own transaction, with the job that deletes them, so a storage that fails the deletion delays it
// and orphans nothing.
import type { Logger } from 'pino';
import { deleteStoredFiles } from '../jobs/delete-stored-files';
import type { Database, Transaction } from '../db/database';
import type { MediaStorage } from '../media/storage';
import type { Queue } from '../queue/queue';
import { createDeletionsRepository, type FileArea } from './repository';

/** Deletions a job sends the storage at once. */
const DELETING_AT_ONCE = 3;

export interface DeletionOutcome {
  deleted: number;
  failed: number;
  /** The first failure's message, when one failed. */
  error?: string;
}

export function createStoredFileDeletions(deps: { db: Database; media: MediaStorage; privateFiles: MediaStorage; queue: Queue; log: Logger }) {
  const { queue, log } = deps;
  const areas: Record<FileArea, MediaStorage> = { media: deps.media, private: deps.privateFiles };
  const recorded = createDeletionsRepository(deps.db.sql);

  /** Deletes the recorded files of these rows (those still recorded) and drops the rows of those the storage took. */
  async function deleteRecorded(ids: number[]): Promise<DeletionOutcome> {
    const rows = await recorded.recordedDeletions(ids);
    const outcome: DeletionOutcome = { deleted: 0, failed: 0 };
    for (let start = 0; start < rows.length; start += DELETING_AT_ONCE) {
      await Promise.all(rows.slice(start, start + DELETING_AT_ONCE).map(async (row) => {
        try {
          await areas[row.area].delete(row.key);
          await recorded.dropDeletion(row.id);
          outcome.deleted += 1;
        } catch (error) {
          outcome.failed += 1;
          outcome.error ??= (error as Error).message;
          await recorded.noteFailedDeletion(row.id, (error as Error).message);
        }
      }));
    }
    return outcome;
  }

  return {
    /**
     * In tx: records the files of an area (public media unless said) for deletion, with the job that deletes them.
     * What it returns goes to deleteSoon.
     */
    async record(tx: Transaction, keys: string[], area: FileArea = 'media'): Promise<number[]> {
      if (keys.length === 0) return [];
      const ids = await createDeletionsRepository(tx.sql).recordDeletions(keys, area);
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

    /** The delete-stored-files job's work: throws when the storage refused a file, so that the job is retried. */
    async deleteEveryRecorded(ids: number[]): Promise<DeletionOutcome> {
      const outcome = await deleteRecorded(ids);
      if (outcome.failed > 0) throw new Error(`${outcome.failed} of ${outcome.failed + outcome.deleted} files could not be deleted: ${outcome.error}`);
      return outcome;
    },

    /** Rows recorded more than olderThanSeconds ago (their job may have given up): deleted again, a batch at a time. */
    async deleteLeftovers(olderThanSeconds: number, batch = 1000): Promise<DeletionOutcome> {
      return deleteRecorded(await recorded.deletionsRecordedBefore(olderThanSeconds, batch));
    },
  };
}

export type StoredFileDeletions = ReturnType<typeof createStoredFileDeletions>;
