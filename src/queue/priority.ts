// Which waiting job of a name runs first. A job someone waits for (the default) goes ahead of bulk jobs (a seed, a
// re-render of many things) of the same name; bulk jobs still run every other time while both wait, so they finish.
import type { SqlExecutor } from '../db/database';

/** 'normal': someone waits for the job's result; 'bulk': part of a batch nobody watches item by item. */
export type JobPriority = 'normal' | 'bulk';

export interface EnqueueOptions {
  priority?: JobPriority;
  /** Not before this many seconds from now (a hold, say). */
  startAfterSeconds?: number;
}

// pg-boss fetches by priority, highest first, then oldest first.
const BOSS_PRIORITIES: Record<JobPriority, number> = { normal: 0, bulk: -1 };

const PROMOTED_REMEMBERED = 10_000;

export const bossPriority = (options: EnqueueOptions): number => BOSS_PRIORITIES[options.priority ?? 'normal'];

/**
 * Lends bulk jobs a turn: after a normal job, the oldest waiting bulk job of the name becomes normal: older than the
 * normal jobs queued after it, it is fetched next. So while normal jobs keep coming, every other job run is a bulk one.
 * A job promoted here counts as a bulk one: otherwise each promoted job would promote the next, and a backlog of them
 * would run ahead of new normal jobs.
 */
export function createBulkTurns(sql: SqlExecutor, schema: string) {
  const promoted = new Set<string>();
  return {
    async afterNormalJob(name: string, job: { id: string; priority: number }): Promise<void> {
      if (promoted.delete(job.id) || job.priority < BOSS_PRIORITIES.normal) return;
      // A job promoted here and run by another process stays in the set: forgotten in bulk, now and then.
      if (promoted.size > PROMOTED_REMEMBERED) promoted.clear();
      const { rows } = await sql.query<{ id: string }>(`
        UPDATE ${schema}.job SET priority = $2 WHERE name = $1 AND id = (
          SELECT id FROM ${schema}.job WHERE name = $1 AND state < 'active' AND priority < $2 AND start_after < now()
           ORDER BY priority DESC, created_on, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id::text`, [name, BOSS_PRIORITIES.normal]);
      for (const row of rows) promoted.add(row.id);
    },
  };
}
