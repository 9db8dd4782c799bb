// GET /api/admin/jobs/ shows the jobs that look stuck: active past their expiry (a dead worker's), or for more than
// half of it (hung).
import { expect } from 'chai';
import request from 'supertest';
import { renderPreviews } from '../../src/worker/index';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { roleTokens } from './helpers';

interface StuckEntry { id: string; started_at: string; expires_at: string; past_expiry: boolean; payload: object }

describe(`the background jobs view (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it('lists active jobs running past half their expiry as stuck, and says which are past it', async () => {
    const ids = await runtime.db.transaction(async (tx) => Promise.all([1, 2, 3].map((productId) => runtime.queue.enqueue(tx, renderPreviews, { productId }))));
    // As a worker would leave them (no worker runs here): started 2 s, 15 s and an hour ago, with a 20 s expiry.
    for (const [index, seconds] of [2, 15, 3600].entries()) {
      await runtime.db.sql.query(`UPDATE pgboss.job SET state = 'active', started_on = now() - $2 * interval '1 second' WHERE id = $1`, [ids[index], seconds]);
    }
    const admin = (await roleTokens(runtime)).admin;
    const response = await request(buildApp(runtime).callback()).get('/api/admin/jobs/').set('Authorization', admin);
    expect(response.status).to.equal(200);
    expect(createValidator(runtime.schemas).errorsOf('admin-jobs.json', response.body)).to.equal(null);
    const previews = (response.body as { name: string; counts: { active: number }; stuck: StuckEntry[] }[]).find((entry) => entry.name === renderPreviews.name)!;
    expect(previews.counts.active).to.equal(3);
    expect(previews.stuck.map(({ id, past_expiry: pastExpiry, payload }) => ({ id, pastExpiry, payload }))).to.deep.equal([
      { id: ids[2], pastExpiry: true, payload: { productId: 3 } },
      { id: ids[1], pastExpiry: false, payload: { productId: 2 } },
    ]);
    const [hourAgo] = previews.stuck;
    expect(Date.parse(hourAgo.expires_at) - Date.parse(hourAgo.started_at)).to.equal(renderPreviews.expireInSeconds * 1000);
  });
});
