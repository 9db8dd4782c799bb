// A worker killed with SIGKILL in the middle of its jobs: what it held is retried once its expiry has passed, and
// every job is done exactly once soon after a new worker starts (real processes on a PostgreSQL server).
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { renderPreviews } from '../../src/jobs/render-previews';
import pino from 'pino';
import { seedDemoCatalog } from '../../src/seed/demo';
import { derivedKeys } from '../../src/media/images';
import { openRuntime, type Runtime } from '../../src/runtime';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';
import { spawnPhotobook } from '../helpers/process';
import { testConfig } from '../helpers/runtime';

interface JobRow { id: string; state: string; retry_count: number; product_id: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a killed worker\'s jobs (postgres only: PGlite has one process)', function () {
  this.timeout(180_000);
  let runtime: Runtime;
  let dataDir: string;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  before(async function () {
    if (!TEST_DATABASE_URL) this.skip();
    const url = await emptyServerDatabaseUrl();
    const config = testConfig({ DATABASE_URL: url });
    dataDir = config.dataDir;
    env = { DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789' };
    // The test's runtime migrates and enqueues (a preview per product) but works no job: the workers are children.
    runtime = await openRuntime(config, pino({ level: 'silent' }));
    await seedDemoCatalog(runtime, 4);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await runtime?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const previewJobs = async () => (await runtime.db.sql.query<JobRow>(`
    SELECT id::text, state::text AS state, retry_count, (data->>'productId')::int AS product_id
    FROM pgboss.job WHERE name = 'render-previews' ORDER BY id`)).rows;

  const startWorker = () => {
    const child = spawnPhotobook(['worker'], env);
    children.push(child);
    return child;
  };

  it('retries the jobs the killed worker held, and every job is done exactly once', async () => {
    const products = (await runtime.db.sql.query<{ id: number }>('SELECT id FROM products ORDER BY id')).rows.map((row) => row.id);
    expect((await previewJobs()).map((job) => job.product_id).sort((a, b) => a - b)).to.deep.equal(products);

    let stranded: JobRow[] = [];
    // Killed while it holds jobs and some are done: mid-batch, mid-queue. A job may finish between the look and the
    // kill; then another worker is started and killed the same way.
    while (stranded.length === 0) {
      const worker = startWorker();
      for (;;) {
        const jobs = await previewJobs();
        expect(jobs.some((job) => job.state !== 'completed'), 'the workers finished before a kill').to.equal(true);
        if (jobs.some((job) => job.state === 'active') && jobs.some((job) => job.state === 'completed')) break;
        await sleep(20);
      }
      worker.kill('SIGKILL');
      await new Promise((resolve) => worker.once('exit', resolve));
      // A pooler in between (the PgBouncer run) still runs a statement the worker sent just before it died, such as
      // the completion of a job: what the dead worker left is looked at once that has landed.
      await sleep(1000);
      stranded = (await previewJobs()).filter((job) => job.state === 'active');
    }
    // It held only what its workers were running (each one job): no job waits for the expiry without having started.
    expect(stranded.length).to.be.at.most(renderPreviews.atOnce!);

    const restartedAt = Date.now();
    startWorker();
    let jobs = await previewJobs();
    while (jobs.some((job) => job.state !== 'completed')) {
      expect(Date.now() - restartedAt, `jobs not done: ${JSON.stringify(jobs.filter((job) => job.state !== 'completed'))}`).to.be.below(60_000);
      await sleep(250);
      jobs = await previewJobs();
    }
    process.stdout.write(`\n      worker killed holding ${stranded.length} jobs: all ${jobs.length} done ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after a new worker started\n`);

    // Exactly once by pg-boss: one job per product, each completed, the stranded ones on a retry.
    expect(jobs.map((job) => job.product_id).sort((a, b) => a - b)).to.deep.equal(products);
    for (const job of stranded) expect(jobs.find((row) => row.id === job.id)?.retry_count, job.id).to.be.at.least(1);
    // And by the effect: every product shows one preview, whose files exist.
    const { rows: previews } = await runtime.db.sql.query<{ preview_cover: string | null }>('SELECT preview_cover FROM products ORDER BY id');
    for (const { preview_cover: key } of previews) {
      expect(key).to.be.a('string');
      for (const file of [key!, ...derivedKeys(key!)]) {
        expect(existsSync(path.join(dataDir, 'media', file)), file).to.equal(true);
      }
    }
  });
});
