// Which waiting job of a name runs first. A job someone waits for (the default) goes ahead of bulk jobs (a seed, a
// re-render of many things) of the same name; bulk jobs still get every other place while both wait, so they finish.
import type { SqlExecutor } from '../db/database';

/** 'normal': someone waits for the job's result; 'bulk': part of a batch nobody watches item by item. */
export type JobPriority = 'normal' | 'bulk';

export interface EnqueueOptions {
  priority?: JobPriority;
}

// pg-boss fetches by priority, highest first, then oldest first.
const BOSS_PRIORITIES: Record<JobPriority, number> = { normal: 0, bulk: -1 };

export const bossPriority = (options: EnqueueOptions): number => BOSS_PRIORITIES[options.priority ?? 'normal'];

/**
 * After a full batch of normal jobs, the oldest waiting bulk job of the name becomes normal: older than the normal jobs
 * queued after it, it is fetched next. So while normal jobs keep coming, every other batch place goes to a bulk job.
 */
export async function lendTurnToBulk(sql: SqlExecutor, schema: string, name: string, batch: { priority: number }[]): Promise<void> {
  if (batch.some((job) => job.priority < BOSS_PRIORITIES.normal)) return;
  await sql.query(`
    UPDATE ${schema}.job SET priority = $2 WHERE name = $1 AND id = (
      SELECT id FROM ${schema}.job WHERE name = $1 AND state < 'active' AND priority < $2 AND start_after < now()
       ORDER BY priority DESC, created_on, id LIMIT 1 FOR UPDATE SKIP LOCKED)`, [name, BOSS_PRIORITIES.normal]);
}
