// Deletes media files recorded in the outbox of deletions (stored_file_deletions) by the write that left them without
// a row naming them, enqueued in that write's transaction. A file the storage refuses stays recorded and the job fails,
// to be retried; once every file is gone the job is done. Safe to repeat: deleting a missing file is no error.
import { defineJob } from './job-context';
import { deleteStoredFiles as contract } from '../jobs/delete-stored-files';

export const deleteStoredFiles = defineJob(contract, ({ ids }, { deletions }) => deletions.deleteEveryRecorded(ids));
