// Every day at 03:17 UTC: deletes stored files no row names and older than a day (see src/retention/unnamed-files.ts),
// and tries again the recorded deletions whose job gave up; logs what it found. Safe to repeat, and to run anywhere.
import { defineJob, SCHEDULED_PAYLOAD_SCHEMA, type ScheduledPayload } from '../src/queue/job';
import { sweepUnnamedFiles as sweep } from '../src/retention/unnamed-files';

export const sweepUnnamedFiles = defineJob<ScheduledPayload>({
  name: 'sweep-unnamed-files',
  payloadSchema: SCHEDULED_PAYLOAD_SCHEMA,
  schedule: '17 3 * * *',
  // A listing of 1,000 files a call and a few queries a page: an hour covers millions of files.
  expireInSeconds: 3600,
  // The next run comes a day later; three retries within the hour cover a short outage of the store.
  retry: { limit: 3, delaySeconds: 600, backoff: true },
  async handle(_payload, { db, media, privateFiles, deletions, log }) {
    const report = await sweep({ db, media, privateFiles, deletions, log });
    const failed = report.media.failed + report.private.failed + report.leftoverDeletions.failed;
    log[failed > 0 ? 'warn' : 'info']({ job: 'sweep-unnamed-files', report }, 'stored files no row names swept');
    return report;
  },
});
