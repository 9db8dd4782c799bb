// Work whose job ended without doing it (completed by pg-boss when the report of its failure was cut, before issue 49's
// fix) is done again: a photo left processing when its owner uploads the same file again, or by restart-stranded-work,
// which also gives a paid set without print files a new job (issue 49, item 1).
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { renderPrintFiles } from '../../src/worker/render-print-files';
import { restartStrandedWork } from '../../src/worker/restart-stranded-work';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from '../themes/images';

describe(`stranded work done again (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  const pendingJobs = async (photoId: number) => (await runtime.db.sql.query(
    "SELECT id FROM pgboss.job WHERE name = 'process-photo' AND (data->>'photoId')::int = $1 AND state < 'completed'", [photoId])).rows.length;
  /** The job's states and whether each has a result, for the payload's key and value. */
  const jobsOf = async (name: string, key: string, value: number) => (await runtime.db.sql.query<{ state: string; result: boolean }>(
    `SELECT state::text AS state, output IS NOT NULL AS result FROM pgboss.job WHERE name = $1 AND (data->>'${key}')::int = $2 ORDER BY created_on`, [name, value])).rows;
  const completedWithNothing = (name: string, key: string, value: number) => runtime.db.sql.query(
    `UPDATE pgboss.job SET state = 'completed', completed_on = now(), output = NULL WHERE name = $1 AND (data->>'${key}')::int = $2`, [name, value]);

  it('gives a photo uploaded again a new process-photo job, which processes it', async () => {
    const user = await runtime.users.create({ email: 'stuck@example.com', role: 'user' });
    const auth = `Bearer ${runtime.tokens.issue(user)}`;
    const client = request(buildApp(runtime).callback());
    const bytes = await noiseImage(320, 200).jpeg().toBuffer();
    const upload = () => client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', bytes, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200);
    const photoId = (await upload()).body.photo_id as number;
    // What pg-boss left when the report of the job's failure was cut: completed, the photo still processing.
    await completedWithNothing('process-photo', 'photoId', photoId);
    expect(await pendingJobs(photoId)).to.equal(0);

    expect((await upload()).body.photo_id).to.equal(photoId);
    expect(await pendingJobs(photoId)).to.equal(1);
    // Uploaded a third time while that job waits: no second job.
    await upload();
    expect(await pendingJobs(photoId)).to.equal(1);
    await processPhoto.handle({ photoId }, runtime.jobContext);
    const { rows: [photo] } = await runtime.db.sql.query<{ status: string }>('SELECT status FROM photos WHERE id = $1', [photoId]);
    expect(photo.status).to.equal('ready');
  });

  it('gives stranded photos and paid sets new jobs on its schedule, and leaves the others', async () => {
    const user = await runtime.users.create({ email: 'stranded@example.com', role: 'user' });
    const auth = `Bearer ${runtime.tokens.issue(user)}`;
    const client = request(buildApp(runtime).callback());
    const photoId = (await client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', await noiseImage(330, 200).jpeg().toBuffer(), { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200)).body.photo_id as number;
    await completedWithNothing('process-photo', 'photoId', photoId);
    // Paid sets: one whose job was completed with nothing done, one whose job failed for good (an administrator's
    // to run again), one rendered (its job's result kept), one whose job waits.
    const sets: Record<'stranded' | 'failed' | 'rendered' | 'waiting', number> = { stranded: 0, failed: 0, rendered: 0, waiting: 0 };
    for (const kind of Object.keys(sets) as (keyof typeof sets)[]) {
      const { rows: [set] } = await runtime.db.sql.query<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'PAID') RETURNING id", [user.id]);
      sets[kind] = set.id;
      await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPrintFiles, { orderSetId: set.id }));
    }
    await completedWithNothing('render-print-files', 'orderSetId', sets.stranded);
    await runtime.db.sql.query("UPDATE pgboss.job SET state = 'failed' WHERE name = 'render-print-files' AND (data->>'orderSetId')::int = $1", [sets.failed]);
    await runtime.db.sql.query(`UPDATE pgboss.job SET state = 'completed', output = '{"files": []}' WHERE name = 'render-print-files' AND (data->>'orderSetId')::int = $1`, [sets.rendered]);

    expect(await restartStrandedWork.handle(null, runtime.jobContext)).to.deep.equal({ photos: 1, orderSets: 1 });
    expect(await jobsOf('process-photo', 'photoId', photoId)).to.deep.equal([{ state: 'completed', result: false }, { state: 'created', result: false }]);
    expect((await jobsOf('render-print-files', 'orderSetId', sets.stranded)).map((job) => job.state)).to.deep.equal(['completed', 'created']);
    for (const kind of ['failed', 'rendered', 'waiting'] as const) expect(await jobsOf('render-print-files', 'orderSetId', sets[kind])).to.have.length(1);
    // Nothing twice: the new jobs wait.
    expect(await restartStrandedWork.handle(null, runtime.jobContext)).to.deep.equal({ photos: 0, orderSets: 0 });
  });
});
