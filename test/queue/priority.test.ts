// Priorities of waiting jobs: a job someone waits for is fetched ahead of bulk jobs of its name queued before it, and
// bulk jobs still get every other place while both wait, so they never starve.
import { expect } from 'chai';
import pino from 'pino';
import type { Database } from '../../src/db/database';
import { createMetrics } from '../../src/metrics/metrics';
import { defineJob } from '../../src/queue/job';
import { JOBS_AT_ONCE, type Queue, startQueue } from '../../src/queue/queue';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';
import { queueDrained } from '../helpers/jobs';

describe(`job priorities (${DATABASE_KIND})`, () => {
  const handled: string[] = [];
  const labelled = defineJob<{ label: string }>({
    name: 'labelled', expireInSeconds: 10, retry: { limit: 0, delaySeconds: 1, backoff: false },
    payloadSchema: { type: 'object', required: ['label'], properties: { label: { type: 'string' } } },
  }, async ({ label }) => {
    handled.push(label);
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

  it('runs normal jobs ahead of bulk ones queued before them, and lends every other place to a bulk job', async () => {
    const bulk = ['bulk-1', 'bulk-2', 'bulk-3', 'bulk-4'];
    const normal = ['normal-1', 'normal-2', 'normal-3', 'normal-4', 'normal-5', 'normal-6'];
    // The bulk jobs first, as a backlog is, one transaction each: jobs of one transaction are equally old.
    for (const label of bulk) await db.transaction((tx) => queue.enqueueMany(tx, labelled, [{ label }], { priority: 'bulk' }));
    await db.transaction(async (tx) => {
      for (const label of normal) await queue.enqueue(tx, labelled, { label });
    });
    await queue.work(undefined);
    await queueDrained(queue);

    expect(handled).to.have.members([...bulk, ...normal]);
    const isBulk = (label: string) => label.startsWith('bulk');
    // The first batch: normal jobs only, though every bulk job is older.
    expect(handled.slice(0, JOBS_AT_ONCE).filter(isBulk)).to.deep.equal([]);
    // Bulk jobs are not held back until every normal job is done: the oldest runs in the second batch, and they run
    // in the order they were queued.
    expect(handled.indexOf('bulk-1')).to.be.below(2 * JOBS_AT_ONCE);
    expect(handled.filter(isBulk)).to.deep.equal(bulk);
    expect(handled.indexOf(bulk[bulk.length - 1])).to.be.below(Math.max(...normal.map((label) => handled.indexOf(label))));
  });
});
