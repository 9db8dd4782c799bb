// Processes started at the same moment on an empty database, as `docker compose up` starts them: each migrates, loads
// the reference data and installs the job queue's schema and queues; none may fail on another's half-made schema.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { type Cluster, startCluster } from './cluster';
import { call, sandboxLogin } from './web-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two API processes and a worker started at once on an empty database (postgres only: PGlite has one process)', function () {
  this.timeout(120_000);
  let cluster: Cluster | undefined;

  before(function () {
    if (!TEST_DATABASE_URL) this.skip();
  });
  after(() => cluster?.stop());

  it('all become ready, and a job enqueued through one API process is done by the worker', async () => {
    cluster = await startCluster({
      DATABASE_URL: await emptyServerDatabaseUrl(), JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_BASE_URL: 'http://photobook.test', NOTIFY_EMAILS: 'catalog@example.com',
    });
    for (const api of cluster.apis) expect((await fetch(`${api.url}/readyz`)).status, api.output()).to.equal(200);
    // A theme's notification e-mail: enqueued in the transaction of the API process that creates the theme, sent by
    // the worker (into its DATA_DIR/outbox, since no SMTP server is configured).
    const admin = await sandboxLogin(cluster.apis[0].url, 'admin@example.com', 'admin');
    const theme = await call(cluster.apis[1].url, 'POST', '/api/theme/', admin, { name: 'Started together' });
    expect(theme.status, JSON.stringify(theme.body)).to.equal(201);
    const outbox = path.join(cluster.worker.dataDir, 'outbox');
    const messageId = `<theme-${theme.body.id}-created@photobook>`;
    const sent = () => {
      try {
        return readdirSync(outbox).filter((name) => readFileSync(path.join(outbox, name), 'utf8').includes(messageId));
      } catch {
        return [];
      }
    };
    for (let waited = 0; sent().length === 0; waited += 200) {
      expect(waited, `no e-mail; worker: ${cluster.worker.output()}`).to.be.below(30_000);
      await sleep(200);
    }
    expect(sent()).to.have.length(1);
  });
});
