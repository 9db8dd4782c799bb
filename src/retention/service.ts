// What the scheduled retention jobs do: records purged once their window is over, and stored files no row names
// swept. Each logs what it did and returns it, as the job's result for an operator to read.
import type { Logger } from 'pino';
import { purgeIdleVisitors } from '../auth/visitors';
import type { BoundsConfig } from '../config';
import type { Database } from '../db/database';
import { IDEMPOTENCY_KEY_HOURS } from '../http/idempotency';
import type { MediaStorage } from '../media/storage';
import { releaseHiddenPhotos, type ReleasedPhotos } from '../photos/hidden-photos';
import { type PurgedCounts, purgeExpiredRecords } from './purge';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { SWEEP_GRACE_SECONDS, type SweepReport, sweepUnnamedFiles } from './unnamed-files';

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

export interface RetentionDependencies {
  db: Database;
  media: MediaStorage;
  /** The private file area (print files), swept like the public one. */
  privateFiles: MediaStorage;
  deletions: StoredFileDeletions;
  log: Logger;
  /** How long the purge keeps applied editing transactions, layouts in the bin and idle visitors. */
  bounds: Pick<BoundsConfig, 'editingReplayWindowHours' | 'binRetentionDays' | 'visitorRetentionDays'>;
}

export function createRetentionService(deps: RetentionDependencies) {
  const { db, log, bounds } = deps;
  return {
    /** Deletes every kind of record older than its window (see purge.ts) and the visitors unseen for theirs. */
    async purgeExpiredRecords(): Promise<PurgedCounts & { idleVisitors: number }> {
      const purged = {
        ...await purgeExpiredRecords(db.sql, {
          layoutTransactionsSeconds: bounds.editingReplayWindowHours * HOUR_SECONDS,
          idempotencyKeysSeconds: IDEMPOTENCY_KEY_HOURS * HOUR_SECONDS,
          binnedLayoutsSeconds: bounds.binRetentionDays * DAY_SECONDS,
        }),
        idleVisitors: await purgeIdleVisitors(db, bounds.visitorRetentionDays * DAY_SECONDS, deps.deletions),
      };
      log.info({ job: 'purge-expired-records', purged }, 'expired records purged');
      return purged;
    },

    /**
     * Removes the photos hidden for a day that no book on its way to print needs (photos/hidden-photos.ts), then
     * deletes the stored files no row names (see unnamed-files.ts); a file that could not be deleted is a warning.
     */
    async sweepUnnamedFiles(): Promise<SweepReport & { hiddenPhotos: ReleasedPhotos }> {
      const hiddenPhotos = await releaseHiddenPhotos(db, deps.deletions, SWEEP_GRACE_SECONDS);
      const report = { ...await sweepUnnamedFiles(deps), hiddenPhotos };
      const failed = report.media.failed + report.private.failed + report.leftoverDeletions.failed;
      log[failed > 0 ? 'warn' : 'info']({ job: 'sweep-unnamed-files', report }, 'stored files no row names swept');
      return report;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
