// pg-boss on the service's own database (server or PGlite). Jobs are enqueued inside the caller's transaction.
import { EventEmitter } from 'node:events';
import Ajv, { type ValidateFunction } from 'ajv';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics';
import type { Database, NotificationListener, SqlExecutor, Transaction } from '../db/database';
import { whileLocked } from '../db/startup-lock';
import type { JobContract, JobDefinition, RetryPolicy } from './job';
import { type JobNameOverview, readJobOverview } from './job-overview';
import { type EnqueueOptions, bossPriority, createBulkTurns } from './priority';

export type { EnqueueOptions, JobPriority } from './priority';

const BOSS_SCHEMA = 'pgboss';
// Jobs of one name that a worker runs at once (unless its contract says otherwise, atOnce): it fetches no more than
// that, so every job it holds is running, and a killed worker strands only those (each retried once its expiry has
// passed).
export const JOBS_AT_ONCE = 2;
// How often an idle worker looks for jobs nobody told it of: retries and scheduled jobs are due by the clock. A job
// enqueued through this queue wakes the workers of its name at once (JOBS_CHANNEL), in every process; polling every
// queue each half second instead cost an idle service about 26 statements a second (PGlite runs them on the main thread).
const POLLING_INTERVAL_SECONDS = 2;
// The other workers of a name are woken when there is work; on their own they look this seldom.
const SECOND_WORKERS_POLLING_SECONDS = 30;
// The NOTIFY channel of enqueued jobs: the payload is the job's name, sent at commit.
const JOBS_CHANNEL = 'photobook_jobs';
// pg-boss finds expired jobs in its maintenance (120 s apart by default, on top of the expiry); with 10 s a killed
// worker's preview is retried within about 20 + 10 s + the retry delay.
const MAINTENANCE_INTERVAL_SECONDS = 10;
const DEFAULT_STOP_TIMEOUT_MS = 8000;
// A job failed for good stays in the job table this long (pg-boss's default is 12 hours): listed by
// GET /api/admin/jobs/ and re-runnable by an administrator, for a failure found days later.
const FAILED_KEPT_SECONDS = 14 * 24 * 3600;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The advisory lock of the queue's set-up: a constant no other lock of the service uses (migrations take 7_305_001).
const QUEUE_SETUP_LOCK_KEY = 7_305_002;

// pg-boss talks to the database through this adapter, so it needs no pool of its own and works on PGlite.
const bossDb = (sql: SqlExecutor) => ({ executeSql: (text: string, values?: unknown[]) => sql.query(text, values) });

/**
 * As bossDb, counting the statements not yet answered. pg-boss's stop does not wait for a worker's fetch in flight: a
 * database closed under it may answer it late or never, and until it does pg-boss checks on that worker every second
 * (once this kept CI's test process from exiting after its last test). stop() waits for these first, at most its
 * timeout.
 */
function countedBossDb(sql: SqlExecutor) {
  const counted = { inFlight: 0 };
  return Object.assign(counted, {
    async executeSql(text: string, values?: unknown[]) {
      counted.inFlight += 1;
      try {
        return await sql.query(text, values);
      } finally {
        counted.inFlight -= 1;
      }
    },
  });
}

// Every handler of a registry takes the same context (the caller's services); the queue only passes it on.
export type JobRegistry = readonly JobDefinition<never, never>[];

export class JobRegistryError extends Error {}

/** Start-up fails when a job name appears twice or a definition has no handler. */
export function checkRegistry(registry: JobRegistry): void {
  const seen = new Set<string>();
  for (const job of registry) {
    if (typeof job.handle !== 'function') throw new JobRegistryError(`job "${job.name}" has no handler`);
    if (seen.has(job.name)) throw new JobRegistryError(`job "${job.name}" has two handlers`);
    seen.add(job.name);
  }
}

export interface Queue {
  /** Adds a job in tx: it exists if and only if tx commits. */
  enqueue<Payload>(tx: Transaction, job: JobContract<Payload>, payload: Payload, options?: EnqueueOptions): Promise<string>;
  /** Adds many jobs of one kind in tx, in one statement. */
  enqueueMany<Payload>(tx: Transaction, job: JobContract<Payload>, payloads: Payload[], options?: EnqueueOptions): Promise<void>;
  /**
   * Starts handling jobs in this process, up to JOBS_AT_ONCE (or the contract's atOnce) of each name at a time; a
   * second call changes nothing.
   * context: what every handler of the registry is given (jobs/job-context.ts), passed on untouched.
   */
  work(context: unknown): Promise<void>;
  /**
   * Runs a job that failed for good again, from its first attempt with its whole retry policy: 'not-failed' (with its
   * state) for a job that is not failed, 'not-found' for no job of a registered name with that id.
   */
  rerun(id: string): Promise<RerunOutcome>;
  /**
   * Whether a job of this kind whose payload holds `payload` is waiting or running (seen from sql's transaction);
   * with `orSettled`, or failed for good (an administrator's to run again), or completed with a result: a job
   * completed with none was completed by pg-boss when its failure could not be recorded (before issue 49's fix).
   */
  isPending<Payload>(sql: SqlExecutor, job: JobContract<Payload>, payload: Partial<Payload>, orSettled?: boolean): Promise<boolean>;
  /** Jobs of every registered name not yet completed or failed for good. */
  pendingCount(): Promise<number>;
  /** Per registered name, in the registry's order: counts by state, stuck jobs and recent failures. */
  overview(): Promise<JobNameOverview[]>;
  /** Calls listener whenever a job handled in this process is settled: done, or failed (and left to its retries). */
  onSettled(listener: (settled: SettledJob) => void): () => void;
  /**
   * Stops fetching jobs and waits for running ones, at most timeoutMs; true when none was left running (those
   * are failed, to be retried by the next worker).
   */
  stop(timeoutMs?: number): Promise<boolean>;
}

export type RerunOutcome =
  | { outcome: 'rerun'; name: string }
  | { outcome: 'not-failed'; name: string; state: string }
  | { outcome: 'not-found' };

export interface SettledJob {
  name: string;
  id: string;
  ok: boolean;
}

/**
 * retryOverride: parts of every job's retry policy replaced (JOB_RETRY_*: tests and drills); metrics: where the jobs
 * handled here are counted.
 */
export async function startQueue(
  db: Database, registry: JobRegistry, log: Logger, retryOverride: Partial<RetryPolicy>, metrics: Pick<Metrics, 'jobs' | 'jobSeconds'>,
): Promise<Queue> {
  checkRegistry(registry);
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validators = new Map<string, ValidateFunction>(
    registry.map((job) => [job.name, ajv.compile(job.payloadSchema)]),
  );
  const bossStatements = countedBossDb(db.sql);
  const boss = new PgBoss({
    db: bossStatements, schema: BOSS_SCHEMA, maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS, archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
  });
  const settled = new EventEmitter();
  let running = 0;
  let working = false;
  const bulkTurns = createBulkTurns(db.sql, BOSS_SCHEMA);
  /** This process's workers of each job name, and the listener that wakes them. */
  const workers = new Map<string, string[]>();
  let wakeUps: NotificationListener | undefined;
  const wake = (name: string) => {
    for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
  };
  /** In tx: the workers of the job's name, in every process, fetch it as soon as tx commits. */
  const announce = (tx: Transaction, name: string) => tx.sql.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, name]);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // Processes started at once on an empty database would each create pg-boss's schema and its queues: pg-boss's own
  // guard lets the second fail on a duplicate, and two create_queue calls deadlock. One process at a time, then.
  await whileLocked(db, QUEUE_SETUP_LOCK_KEY, async () => {
    await boss.start();
    for (const job of registry) {
      const policy = { ...job.retry, ...retryOverride };
      const options = { name: job.name, expireInSeconds: job.expireInSeconds, retryLimit: policy.limit, retryDelay: policy.delaySeconds, retryBackoff: policy.backoff };
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, options);
      else await boss.createQueue(job.name, options);
      // pg-boss's clock, running in every process, enqueues a scheduled job once per due time across all of them.
      if (job.schedule) await boss.schedule(job.name, job.schedule, undefined, { tz: 'UTC' });
    }
  });

  /**
   * Runs one fetched job and settles it: done, or failed (and retried by its policy). Never throws; false when the
   * failure could not be recorded.
   */
  const runJob = async (job: JobRegistry[number], item: PgBoss.JobWithMetadata<object>, context: unknown): Promise<boolean> => {
    const started = Date.now();
    const record = (outcome: 'done' | 'failed') => {
      metrics.jobs.inc({ job: job.name, outcome });
      metrics.jobSeconds.observe({ job: job.name, outcome }, (Date.now() - started) / 1000);
    };
    running += 1;
    try {
      const result = await job.handle(item.data as never, context as never);
      await boss.complete(job.name, item.id, result ?? undefined);
      record('done');
      log.debug({ job: job.name, jobId: item.id, ms: Date.now() - started }, 'job done');
      settled.emit('settled', { name: job.name, id: item.id, ok: true } satisfies SettledJob);
      return true;
    } catch (error) {
      const attempt = item.retryCount + 1;
      // The last attempt is an error an operator must see; the ones before it will be retried.
      const final = item.retryCount >= item.retryLimit;
      log[final ? 'error' : 'warn']({ job: job.name, jobId: item.id, attempt, err: error }, final ? 'job failed for good' : 'job failed, will retry');
      record('failed');
      // With the database gone (the cut that failed the job, say) the failure cannot be recorded either. The worker's
      // callback then throws (see work()), never resolves: pg-boss completes a job whose callback resolved.
      const recorded = await boss.fail(job.name, item.id, { message: (error as Error).message, attempt }).then(() => true, (failing: unknown) => {
        log.warn({ job: job.name, jobId: item.id, err: failing }, 'job failure not recorded: recorded again, or retried once it expires');
        return false;
      });
      settled.emit('settled', { name: job.name, id: item.id, ok: false } satisfies SettledJob);
      return recorded;
    } finally {
      running -= 1;
    }
  };

  const checkPayload = (job: JobContract<unknown>, payload: unknown) => {
    const validate = validators.get(job.name);
    if (!validate) throw new JobRegistryError(`job "${job.name}" is not registered`);
    if (!validate(payload)) throw new Error(`invalid payload for job "${job.name}": ${ajv.errorsText(validate.errors)}`);
  };

  return {
    async enqueue(tx, job, payload, options = {}) {
      checkPayload(job as JobContract<unknown>, payload);
      const id = await boss.send(job.name, payload as object, {
        db: bossDb(tx.sql), priority: bossPriority(options), ...(options.startAfterSeconds && { startAfter: options.startAfterSeconds }),
      });
      if (!id) throw new Error(`job "${job.name}" was not enqueued`);
      await announce(tx, job.name);
      return id;
    },
    async enqueueMany(tx, job, payloads, options = {}) {
      payloads.forEach((payload) => checkPayload(job as JobContract<unknown>, payload));
      const priority = bossPriority(options);
      if (payloads.length === 0) return;
      await boss.insert(payloads.map((payload) => ({ name: job.name, data: payload as object, priority })), { db: bossDb(tx.sql) });
      await announce(tx, job.name);
    },
    async work(context) {
      // Two workers of one name would run twice JOBS_AT_ONCE of its jobs: the demo starts working before it serves.
      if (working) return;
      working = true;
      wakeUps ??= db.listen(JOBS_CHANNEL, {
        notification: wake,
        // Jobs enqueued while not listening were not announced: every worker looks.
        listening: () => registry.forEach((job) => wake(job.name)),
        interrupted: (error) => log.warn({ err: error }, 'job wake-ups interrupted: workers poll until they resume'),
      });
      for (const job of registry) {
        const ids: string[] = [];
        workers.set(job.name, ids);
        // One-job workers, atOnce of them: each fetches its next job the moment it is done with one, so a slow job
        // holds its own place only (a batch would wait for its slowest job before the next fetch).
        for (let place = 0; place < (job.atOnce ?? JOBS_AT_ONCE); place += 1) {
          // The first worker polls for retries and scheduled jobs; the others are woken (by an enqueued job's
          // notification, or by a worker that found a job: more may wait), and look now and then on their own.
          const pollingIntervalSeconds = place === 0 ? POLLING_INTERVAL_SECONDS : SECOND_WORKERS_POLLING_SECONDS;
          ids.push(await boss.work<object>(job.name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([item]) => {
            const settledHere = await runJob(job, item, context);
            await bulkTurns.afterNormalJob(job.name, item).catch((error: unknown) =>
              log.warn({ job: job.name, err: error }, 'no turn lent to bulk jobs'));
            // The next fetch goes now, not after the polling interval (which pg-boss counts from the job's start).
            wake(job.name);
            // pg-boss completes the job when this resolves and fails it when this throws: a failure it could not
            // record here is pg-boss's to record (or, that failing too, the job stays active and its expiry retries it).
            if (!settledHere) throw new Error(`job ${item.id} failed; its failure was not recorded`);
          }));
        }
      }
    },
    async rerun(id) {
      if (!JOB_ID.test(id)) return { outcome: 'not-found' };
      const names = registry.map((job) => job.name);
      // As pg-boss inserts a job: created, due now, no attempt made; kept at least as long as a new one would be.
      const { rows: [rerun] } = await db.sql.query<{ name: string }>(`
        UPDATE ${BOSS_SCHEMA}.job SET state = 'created', retry_count = 0, start_after = now(), started_on = NULL, completed_on = NULL,
               keep_until = greatest(keep_until, now() + interval '14 days')
         WHERE id = $1 AND name = ANY($2::text[]) AND state = 'failed' RETURNING name`, [id, names]);
      if (rerun) {
        await db.sql.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, rerun.name]);
        log.info({ job: rerun.name, jobId: id }, 'failed job run again');
        return { outcome: 'rerun', name: rerun.name };
      }
      const { rows: [other] } = await db.sql.query<{ name: string; state: string }>(
        `SELECT name, state::text AS state FROM ${BOSS_SCHEMA}.job WHERE id = $1 AND name = ANY($2::text[])`, [id, names]);
      return other ? { outcome: 'not-failed', name: other.name, state: other.state } : { outcome: 'not-found' };
    },
    async isPending(sql, job, payload, orSettled = false) {
      const { rows } = await sql.query(`SELECT 1 FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND data @> $2::jsonb AND (state < 'completed'
          OR ($3 AND (state = 'failed' OR (state = 'completed' AND output IS NOT NULL)))) LIMIT 1`, [job.name, JSON.stringify(payload), orSettled]);
      return rows.length > 0;
    },
    async pendingCount() {
      const sizes = await Promise.all(registry.map((job) => boss.getQueueSize(job.name, { before: 'completed' })));
      return sizes.reduce((sum, size) => sum + size, 0);
    },
    overview: () => readJobOverview(db.sql, BOSS_SCHEMA, registry.map((job) => job.name)),
    onSettled(listener) {
      settled.on('settled', listener);
      return () => settled.off('settled', listener);
    },
    async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS) {
      await wakeUps?.close();
      const stopped = Date.now();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      while (bossStatements.inFlight > 0 && Date.now() - stopped < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 10));
      return running === 0;
    },
  };
}
