// Every 15 minutes: deletes applied editing transactions older than EDITING_REPLAY_WINDOW_HOURS, Idempotency-Keys
// older than their 24 hours, layouts left in the bin BIN_RETENTION_DAYS and visitor accounts unseen for
// VISITOR_RETENTION_DAYS, so that no table grows without bound.
// Safe to repeat, and to run in any worker.
import { purgeIdleVisitors } from '../src/auth/visitors';
import { IDEMPOTENCY_KEY_HOURS } from '../src/http/idempotency';
import { defineJob } from './job-context';
import { purgeExpiredRecords as contract } from './contracts/purge-expired-records';
import { purgeExpiredRecords as purge } from '../src/retention/purge';

const HOUR_SECONDS = 3600;

export const purgeExpiredRecords = defineJob(contract, async (_payload, { db, log, retention }) => {
  const purged = {
    ...await purge(db.sql, {
      layoutTransactionsSeconds: retention.editingReplayWindowHours * HOUR_SECONDS,
      idempotencyKeysSeconds: IDEMPOTENCY_KEY_HOURS * HOUR_SECONDS,
      binnedLayoutsSeconds: retention.binRetentionDays * 24 * HOUR_SECONDS,
    }),
    idleVisitors: await purgeIdleVisitors(db, retention.visitorRetentionDays * 24 * HOUR_SECONDS),
  };
  log.info({ job: 'purge-expired-records', purged }, 'expired records purged');
});
