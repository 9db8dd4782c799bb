import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { jobRegistry } from '../../src/worker/index';
import { buildApp } from '../../src/app';
import { loadReferenceData } from '../../src/seed/fixtures';
import { openRuntime, type Runtime } from '../../src/runtime';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';
import { testConfig } from '../helpers/runtime';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { eventually, jobStates, roleTokens, settled } from './helpers';

/** A runtime whose log lines (warn and up, unless level says) are kept, with fast retries. */
async function runtimeWith(env: Record<string, string>, level = 'warn') {
  const lines: { level: number; msg: string; job?: string; themeId?: number }[] = [];
  const sink = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(chunk.toString())); done(); } });
  const config = testConfig({ JOB_RETRY_LIMIT: '2', JOB_RETRY_DELAY_SECONDS: '1', JOB_RETRY_BACKOFF: '0', ...env });
  const runtime: Runtime = await openRuntime(config, pino({ level }, sink), await freshDatabase());
  await loadReferenceData(runtime.db);
  await runtime.queue.work(runtime.jobContext);
  const client = request(buildApp(runtime).callback());
  const admin = (await roleTokens(runtime)).admin;
  return {
    runtime, lines, client, admin,
    createTheme: (name: string) => client.post('/api/theme/').set('Authorization', admin).send({ name }),
    jobsView: async () => (await client.get('/api/admin/jobs/').set('Authorization', admin)).body as {
      name: string; counts: Record<string, number>; recent_failures: { state: string; error: string; attempts: number }[];
    }[],
    async dispose() {
      await runtime.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

describe(`the notification e-mail (${DATABASE_KIND})`, () => {
  let smtp: TestSmtpServer;
  before(async () => {
    smtp = await startSmtpServer();
  });
  after(() => smtp.close());

  it('is retried when the SMTP server refuses it (550), and arrives once; the theme is saved at once', async () => {
    const setup = await runtimeWith({ SMTP_URL: smtp.url, NOTIFY_EMAILS: 'team@example.com' });
    try {
      smtp.refuseNext(1);
      const before = smtp.received.length;
      const created = await setup.createTheme('Отказ');
      expect(created.status).to.equal(201);
      await eventually(() => jobStates(setup.runtime, 'send-theme-email'), settled);
      expect(smtp.received.length - before).to.equal(1);
      expect(smtp.received[smtp.received.length - 1].subject).to.equal('Новая тема: Отказ');
      const { rows: [job] } = await setup.runtime.db.sql.query<{ retry_count: number; state: string }>(
        "SELECT retry_count, state::text AS state FROM pgboss.job WHERE name = 'send-theme-email'");
      expect(job).to.deep.equal({ retry_count: 1, state: 'completed' });
      expect(setup.lines.some((line) => line.msg === 'job failed, will retry' && line.job === 'send-theme-email')).to.equal(true);
    } finally {
      await setup.dispose();
    }
  });

  it('is reported after its last retry when the SMTP server is down, and the theme stays saved', async () => {
    const setup = await runtimeWith({ SMTP_URL: 'smtp://127.0.0.1:1', NOTIFY_EMAILS: 'team@example.com' });
    try {
      const created = await setup.createTheme('Без почты');
      expect(created.status).to.equal(201);
      await eventually(() => jobStates(setup.runtime, 'send-theme-email'), (states) => states[0] === 'failed');
      const { rows } = await setup.runtime.db.sql.query('SELECT name FROM themes WHERE id = $1', [created.body.id]);
      expect(rows).to.deep.equal([{ name: 'Без почты' }]);
      const view = await setup.jobsView();
      const mail = view.find((entry) => entry.name === 'send-theme-email')!;
      expect(mail.counts.failed).to.equal(1);
      expect(mail.recent_failures).to.have.length(1);
      expect(mail.recent_failures[0]).to.include({ state: 'failed', attempts: 3 });
      expect(mail.recent_failures[0].error).to.match(/ECONNREFUSED/);
      const final = setup.lines.filter((line) => line.msg === 'job failed for good');
      expect(final.map((line) => [line.level, line.job])).to.deep.equal([[50, 'send-theme-email']]);
    } finally {
      await setup.dispose();
    }
  });

  it('is written to DATA_DIR/outbox as an .eml file when no SMTP server is configured', async () => {
    const setup = await runtimeWith({ NOTIFY_EMAILS: 'team@example.com,lead@example.com' });
    try {
      await setup.createTheme('В папку');
      await eventually(() => jobStates(setup.runtime, 'send-theme-email'), settled);
      const outbox = path.join(setup.runtime.config.dataDir, 'outbox');
      const files = readdirSync(outbox);
      expect(files).to.have.length(1);
      expect(files[0]).to.match(/\.eml$/);
      const message = readFileSync(path.join(outbox, files[0]), 'utf8');
      expect(message).to.match(/^To: team@example.com, lead@example.com$/m);
      expect(message).to.match(/^Subject: /m);
    } finally {
      await setup.dispose();
    }
  });

  it('with no recipient (NOTIFY_EMAILS unset) sends nothing and says so at info', async () => {
    const setup = await runtimeWith({}, 'info');
    try {
      const theme = await setup.createTheme('Никому');
      await eventually(() => jobStates(setup.runtime, 'send-theme-email'), settled);
      expect(await jobStates(setup.runtime, 'send-theme-email')).to.deep.equal(['completed']);
      const line = setup.lines.find((entry) => entry.msg.startsWith('send-theme-email: nothing sent'));
      expect(line).to.include({ level: 30, themeId: theme.body.id, msg: 'send-theme-email: nothing sent: NOTIFY_EMAILS is empty' });
      expect(existsSync(path.join(setup.runtime.config.dataDir, 'outbox'))).to.equal(false);
    } finally {
      await setup.dispose();
    }
  });

  it('lists every job in the admin view, for administrators only', async () => {
    const setup = await runtimeWith({});
    try {
      const view = await setup.jobsView();
      expect(view.map((entry) => entry.name)).to.deep.equal(jobRegistry.map((job) => job.name));
      expect(view.map((entry) => entry.name)).to.include.members(['render-previews', 'generate-products', 'send-theme-email']);
      expect((await setup.client.get('/api/admin/jobs/')).status).to.equal(401);
    } finally {
      await setup.dispose();
    }
  });
});
