import { expect } from 'chai';
import pino from 'pino';
import { defineJob } from '../src/queue/job';
import { startQueue } from '../src/queue/queue';
import { stopWithin } from '../src/shutdown';
import { DATABASE_KIND } from './helpers/database';
import { gatedRoute } from './helpers/gated-route';
import { type TestRuntime, testRuntime, testServer } from './helpers/runtime';

const SHUTDOWN_TIMEOUT_MS = 3000;

describe(`graceful stop within one deadline (${DATABASE_KIND})`, function () {
  this.timeout(30_000);
  let runtime: TestRuntime;
  beforeEach(async () => {
    runtime = await testRuntime({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
  });
  afterEach(() => runtime.dispose());

  it('is clean when nothing is in flight, and when what is in flight finishes in time', async () => {
    const { gate, module } = gatedRoute();
    const server = await testServer(runtime, [module], true);
    const inFlight = fetch(`${server.url}/api/slow/`);
    await gate.reached;
    const stopped = stopWithin(Date.now() + SHUTDOWN_TIMEOUT_MS, runtime, server);
    gate.release();
    expect((await inFlight).status).to.equal(200);
    expect(await stopped).to.equal(true);
  });

  it('keeps the deadline when a request and a job both hang, cutting them and reporting the stop as not clean', async () => {
    let jobReached!: () => void;
    let releaseJob!: () => void;
    const jobRunning = new Promise<void>((resolve) => { jobReached = resolve; });
    const jobReleased = new Promise<void>((resolve) => { releaseJob = resolve; });
    // Runs past the deadline: it ends only when the test lets it, after the stop (so pg-boss can settle down).
    const hang = defineJob<Record<string, never>>({
      name: 'hang', expireInSeconds: 60, retry: { limit: 5, delaySeconds: 5, backoff: true }, payloadSchema: { type: 'object' },
    }, () => {
      jobReached();
      return jobReleased;
    });
    const queue = await startQueue(runtime.db, [hang], pino({ level: 'silent' }), runtime.config.jobRetry, runtime.metrics);
    await runtime.db.transaction((tx) => queue.enqueue(tx, hang, {}));
    await queue.work({ ...runtime.jobContext, queue });
    const { gate, module } = gatedRoute();
    const server = await testServer({ ...runtime, queue }, [module]);
    const inFlight = fetch(`${server.url}/api/slow/`).then(() => 'answered', () => 'cut');
    await Promise.all([gate.reached, jobRunning]);

    const signalled = Date.now();
    const clean = await stopWithin(signalled + SHUTDOWN_TIMEOUT_MS, { ...runtime, queue }, server).finally(releaseJob);
    // The deadline is the feature under test (SHUTDOWN_TIMEOUT_MS is a promise to the operator), not a speed.
    expect(Date.now() - signalled).to.be.lessThan(SHUTDOWN_TIMEOUT_MS);
    expect(clean).to.equal(false);
    expect(await inFlight).to.equal('cut');
  });
});
