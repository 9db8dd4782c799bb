// The contract of the delete-stored-files job, handled in jobs/delete-stored-files.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface DeleteStoredFilesPayload {
  /** Rows of stored_file_deletions. */
  ids: number[];
}

export const deleteStoredFiles = defineJobContract<DeleteStoredFilesPayload>({
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
});
