// Priorities of waiting jobs: a job someone waits for is fetched ahead of bulk jobs of its name queued before it, and
// bulk jobs still get a place in every other batch while both wait, so they never starve.
import { expect } from 'chai';
import pino from 'pino';
import type { Database } from '../../src/db/database';
import { createMetrics } from '../../src/metrics/metrics';
import { defineJob } from '../../src/queue/job';
import { JOBS_AT_ONCE, type Queue, startQueue } from '../../src/queue/queue';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';
import { queueDrained } from '../helpers/jobs';

describe(`job priorities (${DATABASE_KIND})`, () => {
  // Each label with the number of the batch it ran in: a batch's jobs all start in one pass, before any of them ends,
  // and the next batch starts once they all have.
  const handled: { label: string; batch: number }[] = [];
  let batch = 0;
  let running = 0;
  const labelled = defineJob<{ label: string }>({
    name: 'labelled', expireInSeconds: 10, retry: { limit: 0, delaySeconds: 1, backoff: false },
    payloadSchema: { type: 'object', required: ['label'], properties: { label: { type: 'string' } } },
  }, async ({ label }) => {
    if (running === 0) batch += 1;
    running += 1;
    handled.push({ label, batch });
    await Promise.resolve();
    running -= 1;
  });
  let db: Database;
  let queue: Queue;
  before(async () => {
    db = await freshDatabase();
    queue = await startQueue(db, [labelled], pino({ level: 'silent' }), {}, createMetrics());
  });
  after(async () => {
    await queue.stop();
    await db.close();
  });

  it('runs normal jobs ahead of bulk ones queued before them, and lends a bulk job a place in every other batch', async () => {
    const bulk = ['bulk-1', 'bulk-2', 'bulk-3', 'bulk-4'];
    const normal = ['normal-1', 'normal-2', 'normal-3', 'normal-4', 'normal-5', 'normal-6'];
    // The bulk jobs first, as a backlog is, one transaction each: jobs of one transaction are equally old.
    for (const label of bulk) await db.transaction((tx) => queue.enqueueMany(tx, labelled, [{ label }], { priority: 'bulk' }));
    await db.transaction(async (tx) => {
      for (const label of normal) await queue.enqueue(tx, labelled, { label });
    });
    await queue.work(undefined);
    await queueDrained(queue);

    expect(handled.map((job) => job.label)).to.have.members([...bulk, ...normal]);
    expect(handled.filter((job) => job.batch === 1).map((job) => job.label)).to.have.length(JOBS_AT_ONCE);
    const batchOf = (label: string) => handled.find((job) => job.label === label)!.batch;
    const lastNormalBatch = Math.max(...normal.map(batchOf));
    const bulkBatches = bulk.map(batchOf);
    // The first batch: normal jobs only, though every bulk job is older; then the oldest bulk job.
    expect(bulkBatches[0]).to.equal(2);
    // While normal jobs wait, a bulk job runs in every other batch: never in two batches in a row (a promoted job
    // does not promote the next), never in none.
    const whileNormalWait = bulkBatches.filter((number) => number <= lastNormalBatch);
    expect(whileNormalWait).to.deep.equal(Array.from({ length: whileNormalWait.length }, (_, index) => 2 + 2 * index));
    expect(whileNormalWait.length).to.equal(Math.floor(lastNormalBatch / 2));
    // In the order they were queued.
    expect([...bulkBatches].sort((a, b) => a - b)).to.deep.equal(bulkBatches);
  });
});
