import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { purgeExpiredRecords } from '../../src/worker/purge-expired-records';
import { buildApp } from '../../src/app';
import { sweepUnnamedFiles } from '../../src/retention/unnamed-files';
import { DATABASE_KIND } from '../helpers/database';
import { storedKeys } from '../helpers/media';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from '../themes/images';

type Client = ReturnType<typeof request>;

describe(`shoppers' photos: files removed with their owner, and swept (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let emails = 0;
  let pictures = 0;

  const account = async (role: 'user' | 'visitor' = 'user') => {
    const user = role === 'visitor' ? await runtime.users.createVisitor() : await runtime.users.create({ email: `r${(emails += 1)}@example.com`, role });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  /** A processed photo with a size made from its master: four files in its folder. */
  const photoWithSizes = async (auth: string) => {
    const content = await noiseImage(500 + (pictures += 1), 400).jpeg().toBuffer();
    const id = (await client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'p.jpg', contentType: 'image/jpeg' })).body.photo_id as number;
    await processPhoto.handle({ photoId: id }, runtime.jobContext);
    const { url } = (await client.get(`/photos/api/photo/${id}/`).set('Authorization', auth)).body as { url: string };
    expect((await client.get(`${new URL(url).pathname}=w200`)).status).to.equal(200);
    const { rows: [row] } = await runtime.db.sql.query<{ original_key: string; master_key: string }>(
      'SELECT original_key, master_key FROM photos WHERE id = $1', [id]);
    const folder = row.original_key.replace(/[^/]+$/, '');
    expect(await storedKeys(runtime, folder, 'private')).to.have.length(3);
    return { id, folder, masterKey: row.master_key };
  };
  const filesIn = (folder: string) => storedKeys(runtime, folder, 'private');
  const outbox = async () => (await runtime.db.sql.query<{ key: string; area: string }>('SELECT key, area FROM stored_file_deletions')).rows;

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('deleting an account deletes its photos and every file of theirs; another user\'s stay', async () => {
    const [owner, other] = [await account(), await account()];
    const mine = [await photoWithSizes(owner.auth), await photoWithSizes(owner.auth)];
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [mine[1].id] });
    const theirs = await photoWithSizes(other.auth);
    expect((await client.delete('/api/auth/user/').set('Authorization', owner.auth)).status).to.equal(204);
    for (const photo of mine) expect(await filesIn(photo.folder)).to.deep.equal([]);
    expect((await runtime.db.sql.query('SELECT id FROM photos WHERE owner_id = $1', [owner.id])).rows).to.deep.equal([]);
    expect(await filesIn(theirs.folder)).to.have.length(3);
    expect(await outbox()).to.deep.equal([]);
  });

  it('keeps, on account deletion, a photo that a book an order holds shows', async () => {
    const owner = await account();
    const photo = await photoWithSizes(owner.auth);
    const { rows: [layout] } = await runtime.db.sql.query<{ id: string }>(
      "INSERT INTO layouts (name, num_pages, owner_id) VALUES ('Альбом', 1, $1) RETURNING id", [owner.id]);
    await runtime.db.sql.query(`INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}',
      jsonb_build_array(jsonb_build_object('id', 'b', 'type', 'PHOTO', 'content', jsonb_build_object('image', $2::text))))`, [layout.id, photo.masterKey]);
    const { rows: [set] } = await runtime.db.sql.query<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'PAID') RETURNING id", [owner.id]);
    await runtime.db.sql.query('INSERT INTO orders (order_set_id, layout_id, price_kopecks) VALUES ($1, $2, 100)', [set.id, layout.id]);
    expect((await client.delete('/api/auth/user/').set('Authorization', owner.auth)).status).to.equal(204);
    expect(await filesIn(photo.folder)).to.have.length(3);
    expect((await runtime.db.sql.query('SELECT id FROM photos WHERE id = $1', [photo.id])).rows).to.have.length(1);
  });

  it('the purge of idle visitors deletes their photos\' files', async () => {
    const visitor = await account('visitor');
    const photo = await photoWithSizes(visitor.auth);
    await runtime.db.sql.query("UPDATE users SET last_seen_at = now() - interval '400 days' WHERE id = $1", [visitor.id]);
    await purgeExpiredRecords.handle({}, runtime.jobContext);
    expect((await runtime.db.sql.query('SELECT id FROM users WHERE id = $1', [visitor.id])).rows).to.deep.equal([]);
    expect(await filesIn(photo.folder)).to.deep.equal([]);
    expect(await outbox()).to.deep.equal([]);
  });

  it('the sweep deletes old files in photos/ that no photo\'s folder holds, and keeps every file of a photo', async () => {
    const owner = await account();
    const photo = await photoWithSizes(owner.auth);
    await runtime.privateFiles.put('photos/0b7e8c1e-0000-4000-8000-000000000000/original.jpg', Buffer.from('left by a crash'));
    await runtime.privateFiles.put('photos/0b7e8c1e-0000-4000-8000-000000000000/w400.jpg', Buffer.from('left by a crash'));
    await new Promise((resolve) => { setTimeout(resolve, 20); });
    const { db, media, privateFiles, log } = runtime;
    const report = await sweepUnnamedFiles({ db, media, privateFiles, log, deletions: runtime.services.deletions }, 0);
    expect(await filesIn('photos/0b7e8c1e-0000-4000-8000-000000000000/')).to.deep.equal([]);
    expect(report.private.deleted).to.be.at.least(2);
    expect(await filesIn(photo.folder)).to.have.length(3);
  });

  it('a recorded deletion of a photo\'s file goes to the private area', async () => {
    const folder = 'photos/0b7e8c1e-0000-4000-8000-000000000001/';
    const key = `${folder}master.jpg`;
    await runtime.privateFiles.put(key, Buffer.from('x'));
    await runtime.media.put(key, Buffer.from('a public file of the same key'));
    const { deletions } = runtime.services;
    const ids = await runtime.db.transaction((tx) => deletions.record(tx, [key], 'private'));
    expect(await outbox()).to.deep.equal([{ key, area: 'private' }]);
    await deletions.deleteSoon(ids);
    expect(await filesIn(folder)).to.deep.equal([]);
    expect(await storedKeys(runtime, folder, 'media')).to.deep.equal([key]);
    await runtime.media.delete(key);
  });
});
