import { expect } from 'chai';
import { jobRegistry } from '../../src/worker/index';
import { renderPreviews } from '../../src/worker/render-previews';
import { renderPrintFiles } from '../../src/worker/render-print-files';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { defineJob, retryWindowSeconds } from '../../src/queue/job';
import { checkRegistry, JobRegistryError, type JobRegistry } from '../../src/queue/queue';
import { DATABASE_KIND } from '../helpers/database';
import { queueDrained } from '../helpers/jobs';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

const noop = defineJob<{ n: number }>({ name: 'noop', expireInSeconds: 10, retry: { limit: 0, delaySeconds: 1, backoff: false }, payloadSchema: { type: 'object' } }, async () => undefined);

async function jobs(runtime: TestRuntime, name: string) {
  const { rows } = await runtime.db.sql.query<{ data: { productId: number }; state: string }>(
    'SELECT data, state FROM pgboss.job WHERE name = $1 ORDER BY created_on', [name],
  );
  return rows;
}

describe(`job queue (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, { themes: [{ id: 1, name: 'Theme', approved: true }] });
  });
  after(() => runtime.dispose());

  it('refuses a registry with a job twice or a job without handler', () => {
    expect(() => checkRegistry([noop, noop] as JobRegistry)).to.throw(JobRegistryError, 'two handlers');
    expect(() => checkRegistry([{ ...noop, handle: undefined }] as unknown as JobRegistry)).to.throw(JobRegistryError, 'no handler');
    expect(() => checkRegistry([noop] as JobRegistry)).not.to.throw();
  });

  it('keeps a job enqueued in a committed transaction, with the row that caused it', async () => {
    const product = await runtime.db.transaction((tx) =>
      runtime.services.products.create(tx, { name: 'Committed', themeId: 1, formatId: 1, productTypeId: 1 }));
    const queued = await jobs(runtime, 'render-previews');
    expect(queued.map((job) => job.data)).to.deep.include({ productId: product.id });
  });

  it('has no job and no row after the transaction rolls back', async () => {
    const before = (await jobs(runtime, 'render-previews')).length;
    let createdId = 0;
    await runtime.db.transaction(async (tx) => {
      createdId = (await runtime.services.products.create(tx, { name: 'Rolled back', themeId: 1, formatId: 1, productTypeId: 1 })).id;
      throw new Error('abort');
    }).catch(() => undefined);
    expect(createdId).to.be.greaterThan(0);
    expect((await jobs(runtime, 'render-previews')).length).to.equal(before);
    const { rows } = await runtime.db.sql.query('SELECT id FROM products WHERE id = $1', [createdId]);
    expect(rows).to.have.length(0);
  });

  it('refuses a payload that does not match the job\'s schema', async () => {
    let error: Error | undefined;
    await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPreviews, { productId: -3 })).catch((caught) => {
      error = caught;
    });
    expect(error?.message).to.match(/invalid payload for job "render-previews"/);
  });

  it('refuses a job that is not in the registry', async () => {
    let error: unknown;
    await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, noop, { n: 1 })).catch((caught) => {
      error = caught;
    });
    expect(error).to.be.instanceOf(JobRegistryError);
  });

  it('gives each job the retry policy it declares: print files outlast a storage outage of hours', async () => {
    const { rows: queues } = await runtime.db.sql.query<{ name: string; retry_limit: number; retry_delay: number; retry_backoff: boolean }>(
      'SELECT name, retry_limit, retry_delay, retry_backoff FROM pgboss.queue WHERE name = ANY($1::text[])', [jobRegistry.map((job) => job.name)]);
    expect(queues.map(({ name, retry_limit: limit, retry_delay: delaySeconds, retry_backoff: backoff }) => ({ name, retry: { limit, delaySeconds, backoff } })))
      .to.have.deep.members(jobRegistry.map(({ name, retry }) => ({ name, retry })));

    // What a paid set's job gets, as pg-boss stores it on the job itself.
    const id = await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPrintFiles, { orderSetId: 1 }));
    const { rows: [job] } = await runtime.db.sql.query<{ retry_limit: number; retry_delay: number; retry_backoff: boolean }>(
      'SELECT retry_limit, retry_delay, retry_backoff FROM pgboss.job WHERE id = $1', [id]);
    const policy = { limit: job.retry_limit, delaySeconds: job.retry_delay, backoff: job.retry_backoff };
    // The outage outlasted the old default (5 retries from 5 s, doubling: 155 s); this one is hours long.
    expect(policy.backoff).to.equal(true);
    expect(retryWindowSeconds(policy)).to.be.at.least(4 * 3600);
    await runtime.db.sql.query('DELETE FROM pgboss.job WHERE id = $1', [id]);
  });

  it('runs queued jobs in the worker and counts what is pending', async () => {
    expect(await runtime.queue.pendingCount()).to.be.greaterThan(0);
    // The theme has no front cover: the handler completes without a preview (and says so in the log).
    await runtime.queue.work(runtime.jobContext);
    await queueDrained(runtime.queue);
    expect(await runtime.queue.pendingCount()).to.equal(0);
    expect((await jobs(runtime, 'render-previews')).every((job) => job.state === 'completed')).to.equal(true);
  });
});
