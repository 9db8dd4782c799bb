// Every day at 03:17 UTC: deletes stored files no row names and older than a day (see src/retention/unnamed-files.ts),
// and tries again the recorded deletions whose job gave up; logs what it found. Safe to repeat, and to run anywhere.
import { defineJob } from './job-context';
import { sweepUnnamedFiles as contract } from '../jobs/sweep-unnamed-files';

export const sweepUnnamedFiles = defineJob(contract, (_payload, { retention }) => retention.sweepUnnamedFiles());
