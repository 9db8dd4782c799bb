// What the jobs of the registered names are doing, read from pg-boss's own job table: counts by state, the jobs that
// look stuck and the most recent failures (GET /api/admin/jobs/ presents it).
import type { SqlExecutor } from '../db/database';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

const RECENT_FAILURES = 20;
const STUCK_SHOWN = 20;

export interface StuckJob { id: string; name: string; started_at: Date; expires_at: Date; past_expiry: boolean; payload: object }
export interface FailedJob { id: string; name: string; state: 'retry' | 'failed'; error: string | null; attempts: number; failed_at: Date | null; payload: object }

export interface JobNameOverview {
  name: string;
  /** Jobs by state, every state of JOB_STATES named. */
  counts: Record<string, number>;
  /** Running for more than half its expiry, oldest first: hung, or its worker died (retried once the expiry passed). */
  stuck: StuckJob[];
  /** Retrying or failed for good, newest first. */
  recentFailures: FailedJob[];
}

export async function readJobOverview(sql: SqlExecutor, schema: string, names: string[]): Promise<JobNameOverview[]> {
  const { rows: counts } = await sql.query<{ name: string; state: string; jobs: number }>(
    `SELECT name, state::text AS state, count(*)::int AS jobs FROM ${schema}.job WHERE name = ANY($1::text[]) GROUP BY name, state`, [names]);
  const { rows: failures } = await sql.query<FailedJob>(`
    SELECT id::text, name, state::text AS state, output->>'message' AS error,
           coalesce((output->>'attempt')::int, retry_count + 1) AS attempts,
           coalesce(completed_on, started_on) AS failed_at, coalesce(data, '{}'::jsonb) AS payload
    FROM (SELECT *, row_number() OVER (PARTITION BY name ORDER BY coalesce(completed_on, started_on) DESC NULLS LAST) AS recent
          FROM ${schema}.job WHERE name = ANY($1::text[]) AND state IN ('retry', 'failed') AND output IS NOT NULL) failed
    WHERE recent <= $2 ORDER BY failed_at DESC NULLS LAST`, [names, RECENT_FAILURES]);
  const { rows: stuck } = await sql.query<StuckJob>(`
    SELECT id::text, name, started_on AS started_at, started_on + expire_in AS expires_at,
           started_on + expire_in < now() AS past_expiry, coalesce(data, '{}'::jsonb) AS payload
    FROM (SELECT *, row_number() OVER (PARTITION BY name ORDER BY started_on) AS oldest
          FROM ${schema}.job WHERE name = ANY($1::text[]) AND state = 'active' AND started_on + expire_in / 2 < now()) running
    WHERE oldest <= $2 ORDER BY started_on`, [names, STUCK_SHOWN]);
  return names.map((name) => ({
    name,
    counts: Object.fromEntries(JOB_STATES.map((state) => [state, counts.find((row) => row.name === name && row.state === state)?.jobs ?? 0])),
    stuck: stuck.filter((row) => row.name === name),
    recentFailures: failures.filter((row) => row.name === name),
  }));
}
