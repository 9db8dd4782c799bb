// A photo left processing with no job to end it (its job's outcome lost to a fault: completed with nothing done) is
// processed again when its owner uploads the same file again (issue 49, item 1).
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../jobs/process-photo';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from '../themes/images';

describe(`a photo stuck processing, uploaded again (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  const pendingJobs = async (photoId: number) => (await runtime.db.sql.query(
    "SELECT id FROM pgboss.job WHERE name = 'process-photo' AND (data->>'photoId')::int = $1 AND state < 'completed'", [photoId])).rows.length;

  it('gets a new process-photo job, and is processed by it', async () => {
    const user = await runtime.users.create({ email: 'stuck@example.com', role: 'user' });
    const auth = `Bearer ${runtime.tokens.issue(user)}`;
    const client = request(buildApp(runtime).callback());
    const bytes = await noiseImage(320, 200).jpeg().toBuffer();
    const upload = () => client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', bytes, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200);
    const photoId = (await upload()).body.photo_id as number;
    // What pg-boss left when the report of the job's failure was cut: completed, the photo still processing.
    await runtime.db.sql.query("UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = 'process-photo' AND (data->>'photoId')::int = $1", [photoId]);
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
});
