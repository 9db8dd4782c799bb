// Every day at 03:17 UTC: deletes stored files no row names and older than a day (see src/retention/unnamed-files.ts),
// and tries again the recorded deletions whose job gave up; logs what it found. Safe to repeat, and to run anywhere.
import { defineJob } from './job-context';
import { sweepUnnamedFiles as contract } from './contracts/sweep-unnamed-files';
import { sweepUnnamedFiles as sweep } from '../src/retention/unnamed-files';

export const sweepUnnamedFiles = defineJob(contract, async (_payload, { db, media, privateFiles, deletions, log }) => {
  const report = await sweep({ db, media, privateFiles, deletions, log });
  const failed = report.media.failed + report.private.failed + report.leftoverDeletions.failed;
  log[failed > 0 ? 'warn' : 'info']({ job: 'sweep-unnamed-files', report }, 'stored files no row names swept');
  return report;
});
