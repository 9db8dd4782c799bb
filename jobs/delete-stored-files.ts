// Deletes media files recorded in the outbox of deletions (stored_file_deletions) by the write that left them without
// a row naming them, enqueued in that write's transaction. A file the storage refuses stays recorded and the job fails,
// to be retried; once every file is gone the job is done. Safe to repeat: deleting a missing file is no error.
import { defineJob } from '../src/queue/job';

export interface DeleteStoredFilesPayload {
  /** Rows of stored_file_deletions. */
  ids: number[];
}

export const deleteStoredFiles = defineJob<DeleteStoredFilesPayload>({
  name: 'delete-stored-files',
  payloadSchema: {
    type: 'object',
    required: ['ids'],
    properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 } },
    additionalProperties: false,
  },
  // A few deletions, each within S3_TIMEOUT_MS (at most 600 s, usually 10 s), three at a time.
  expireInSeconds: 600,
  // Files in the way of nobody, but paid for: retried through a storage outage of hours (at least 8.5 h); what is
  // still recorded after that is tried again by the daily sweep-unnamed-files.
  retry: { limit: 10, delaySeconds: 30, backoff: true },
  async handle({ ids }, { deletions }) {
    const outcome = await deletions.deleteRecorded(ids);
    if (outcome.failed > 0) throw new Error(`${outcome.failed} of ${outcome.failed + outcome.deleted} files could not be deleted: ${outcome.error}`);
    return outcome;
  },
});
