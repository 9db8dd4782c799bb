import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { buildApp } from '../src/app';
import type { Metrics } from '../src/metrics/metrics';
import { startQueue } from '../src/queue/queue';
import type { JobDefinition } from '../src/queue/job';
import type { RunningServer } from '../src/server';
import { DATABASE_KIND } from './helpers/database';
import { jobsSettled } from './helpers/jobs';
import { type TestRuntime, testRuntime, testServer } from './helpers/runtime';
import { connectEditor } from './realtime/sockets';

/** A counter's value for these labels (0 when the series does not exist yet). */
async function counterValue(counter: Metrics['httpRequests'] | Metrics['jobs'] | Metrics['editingAcks'], labels: Record<string, string>): Promise<number> {
  const { values } = await counter.get();
  const match = values.find((value) => Object.entries(labels).every(([name, wanted]) => String((value.labels as Record<string, unknown>)[name]) === wanted));
  return match?.value ?? 0;
}

describe(`GET /metrics (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;

  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it('counts a request under its route pattern, never its URL, and serves the Prometheus text', async () => {
    const client = request(buildApp(runtime).callback());
    const labels = { method: 'GET', route: '/api/ua/layout/:layout_id/', status: '404' };
    const before = await counterValue(runtime.metrics.httpRequests, labels);
    const token = runtime.tokens.issue(await runtime.users.create({ email: 'metrics-caller@example.com' }));
    await client.get('/api/ua/layout/00000000-0000-4000-8000-000000000000/').set('Authorization', `Bearer ${token}`).expect(404);
    expect(await counterValue(runtime.metrics.httpRequests, labels)).to.equal(before + 1);

    const response = await client.get('/metrics').expect(200);
    expect(response.type).to.equal('text/plain');
    expect(response.text).to.include('photobook_http_requests_total{method="GET",route="/api/ua/layout/:layout_id/",status="404"}');
    expect(response.text).to.not.include('00000000-0000-4000-8000-000000000000');
    expect(response.text).to.include('process_cpu_user_seconds_total');
    if (DATABASE_KIND === 'postgres') expect(response.text).to.include('photobook_db_pool_connections');
  });

  it('counts a job run by its name and outcome', async () => {
    const done: JobDefinition<object> = { name: 'metrics-probe', expireInSeconds: 10, retry: { limit: 5, delaySeconds: 5, backoff: true }, payloadSchema: { type: 'object' }, handle: async () => undefined };
    const queue = await startQueue(runtime.db, [done], pino({ level: 'silent' }), runtime.config.jobRetry, runtime.metrics);
    try {
      const id = await runtime.db.transaction((tx) => queue.enqueue(tx, done, {}));
      const settled = jobsSettled(queue, [id]);
      await queue.work(runtime.jobContext);
      await settled;
      expect(await counterValue(runtime.metrics.jobs, { job: 'metrics-probe', outcome: 'done' })).to.equal(1);
    } finally {
      await queue.stop();
    }
  });

  describe('the editing channel', () => {
    let server: RunningServer & { url: string };
    before(async () => {
      server = await testServer(runtime);
    });
    after(() => server.stop());

    it('counts an acknowledgement by its outcome, and the connection while it is open', async () => {
      const user = await runtime.users.create({ email: 'metrics-editor@example.com' });
      const outcome = { outcome: 'invalid_message' };
      const before = await counterValue(runtime.metrics.editingAcks, outcome);
      const socket = await connectEditor(server.url, { token: runtime.tokens.issue(user) });
      try {
        expect((await runtime.metrics.editingConnections.get()).values[0]!.value).to.equal(1);
        const ack = await socket.timeout(5000).emitWithAck('message', { object: 'page', action: 'nonsense' }) as { error: { code: string } };
        expect(ack.error.code).to.equal('invalid_message');
        expect(await counterValue(runtime.metrics.editingAcks, outcome)).to.equal(before + 1);
      } finally {
        socket.close();
      }
    });
  });

  describe('in production', () => {
    const production = (metricsToken: string | undefined) => request(buildApp({
      ...runtime, config: { ...runtime.config, env: 'production', metricsToken },
    }).callback());

    it('does not exist without METRICS_TOKEN', async () => {
      const response = await production(undefined).get('/metrics').expect(404);
      expect(response.body).to.deep.equal({ detail: 'Not found.' });
    });

    it('wants METRICS_TOKEN as a bearer when it is set', async () => {
      const client = production('scrape-secret-0123456789');
      await client.get('/metrics').expect(401);
      await client.get('/metrics').set('Authorization', 'Bearer wrong-secret').expect(401);
      await client.get('/metrics').set('Authorization', 'Bearer scrape-secret-012345678').expect(401);
      const response = await client.get('/metrics/').set('Authorization', 'Bearer scrape-secret-0123456789').expect(200);
      expect(response.text).to.include('photobook_http_requests_total');
    });
  });
});
