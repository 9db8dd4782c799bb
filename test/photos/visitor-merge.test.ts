import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { storedKeys } from '../helpers/media';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from '../themes/images';

type Client = ReturnType<typeof request>;

describe(`shoppers' photos: a visitor's photos follow it into the account it logs in to (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let logins = 0;

  const picture = (width: number) => noiseImage(width, 300).jpeg().toBuffer();
  const upload = async (auth: string, content: Buffer) => {
    const id = (await client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'p.jpg', contentType: 'image/jpeg' })).body.photo_id as number;
    await processPhoto.handle({ photoId: id }, runtime.jobContext);
    return id;
  };
  const folderOf = async (id: number) => (await runtime.db.sql.query<{ key: string }>(
    'SELECT original_key AS key FROM photos WHERE id = $1', [id])).rows[0].key.replace(/[^/]+$/, '');
  const library = async (auth: string) => ((await client.get('/photos/api/photo/').set('Authorization', auth)).body.results as { id: number }[])
    .map((photo) => photo.id).sort((a, b) => a - b);

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('moves the photos and folders; a photo the account already has stays the account\'s, the copy\'s files deleted', async () => {
    const visitor = await runtime.users.createVisitor();
    const visitorAuth = `Bearer ${runtime.tokens.issue(visitor)}`;
    const account = await runtime.services.login.userForProfile('google', {
      providerUserId: `merge-${(logins += 1)}`, email: null, emailVerified: false, name: 'Shopper', raw: {},
    }, null);
    const accountAuth = () => `Bearer ${runtime.tokens.issue(account)}`;
    const shared = await picture(400);
    const own = await upload(accountAuth(), shared);
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', accountAuth()).send({ photo_id_list: [own] });
    const [onlyVisitors, copy] = [await upload(visitorAuth, await picture(401)), await upload(visitorAuth, shared)];
    const folder = (await client.post('/photos/api/folder/').set('Authorization', visitorAuth).send({ name: 'Лето' })).body.id as number;
    await client.patch('/photos/api/photo/copy_many/').set('Authorization', visitorAuth).send({ photo_id_list: [onlyVisitors, copy], folder_id: folder });
    const copyFolder = await folderOf(copy);

    const user = await runtime.services.login.userForProfile('google', {
      providerUserId: `merge-${logins}`, email: null, emailVerified: false, name: 'Shopper', raw: {},
    }, visitor.id);
    expect(user.id).to.equal(account.id);
    // The account's copy came back to the library (the visitor had it there) and took the copy's place in the folder.
    expect(await library(accountAuth())).to.deep.equal([own, onlyVisitors]);
    const inFolder = (await client.get(`/photos/api/photo/folder/${folder}/`).set('Authorization', accountAuth())).body.results as { id: number }[];
    expect(inFolder.map((photo) => photo.id).sort((a, b) => a - b)).to.deep.equal([own, onlyVisitors]);
    // The moved photo's files are served to the account; the copy's go with the outbox's job.
    expect((await client.get(`/photos/api/photo/${onlyVisitors}/original/`).set('Authorization', accountAuth())).status).to.equal(200);
    const { rows: recorded } = await runtime.db.sql.query<{ key: string; area: string }>('SELECT key, area FROM stored_file_deletions ORDER BY id');
    expect(recorded.map((row) => row.area)).to.satisfy((areas: string[]) => areas.length > 0 && areas.every((area) => area === 'private'));
    expect(recorded.every((row) => row.key.startsWith(copyFolder))).to.equal(true);
    await runtime.services.deletions.deleteRecorded(await runtime.db.sql.query<{ id: string }>('SELECT id FROM stored_file_deletions')
      .then((result) => result.rows.map((row) => Number(row.id))));
    expect(await storedKeys(runtime, copyFolder, 'private')).to.deep.equal([]);
    expect(await storedKeys(runtime, await folderOf(onlyVisitors), 'private')).to.have.length(2);
  });

  it("re-points the visitor's books at the account's photo when the account already had the same bytes", async () => {
    const visitor = await runtime.users.createVisitor();
    const visitorAuth = `Bearer ${runtime.tokens.issue(visitor)}`;
    const profile = { providerUserId: `merge-${(logins += 1)}`, email: null, emailVerified: false, name: 'Shopper', raw: {} };
    const account = await runtime.services.login.userForProfile('google', profile, null);
    const accountAuth = `Bearer ${runtime.tokens.issue(account)}`;
    const shared = await picture(420);
    const own = await upload(accountAuth, shared);
    const [copy, other] = [await upload(visitorAuth, shared), await upload(visitorAuth, await picture(421))];
    // The visitor's book lists both, places the copy in a frame and keeps it among its unplaced contents too.
    const placement = (photoId: number) => ({ photo_id: photoId, crop: { x: 0, y: 0, width: 1, height: 1 }, rotation: 0, mirror: false });
    const block = (id: string, photoId: number) => ({
      id, type: 'PHOTO', theme_element_type: null, x: 0, y: 0, width: 50, height: 50, content_warp: { x: 0, y: 0, width: 100, height: 100 },
      content: { image: null, text: '', link: null, photo: placement(photoId) },
    });
    const { rows: [book] } = await runtime.db.sql.query<{ id: string }>(
      "INSERT INTO layouts (name, num_pages, owner_id, photo_ids, unplaced) VALUES ('Book', 1, $1, $2::jsonb, $3::jsonb) RETURNING id",
      [visitor.id, JSON.stringify([other, copy]), JSON.stringify([{ ...block('u1', copy), page_id: '00000000-0000-4000-8000-000000000000' }])]);
    await runtime.db.sql.query(
      `INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}', $2::jsonb)`,
      [book.id, JSON.stringify([block('b1', copy), block('b2', other)])]);

    await runtime.services.login.userForProfile('google', profile, visitor.id);
    const { rows: [stored] } = await runtime.db.sql.query<{ photo_ids: number[]; unplaced: number[]; placed: number[] }>(
      `SELECT photo_ids, (SELECT jsonb_agg(u->'content'->'photo'->'photo_id') FROM jsonb_array_elements(l.unplaced) u) AS unplaced,
              (SELECT jsonb_agg(b->'content'->'photo'->'photo_id' ORDER BY b->>'id') FROM layout_pages p, jsonb_array_elements(p.blocks) b WHERE p.layout_id = l.id) AS placed
         FROM layouts l WHERE id = $1`, [book.id]);
    expect(stored).to.deep.equal({ photo_ids: [other, own], unplaced: [own], placed: [own, other] });
    // The frame shows the account's photo: its link is signed, as for any photo of the book's owner.
    const read = (await client.get(`/api/ua/layout/${book.id}/`).set('Authorization', accountAuth).expect(200)).body;
    const framed = read.pages[0].blocks.find((item: { id: string }) => item.id === 'b1').content.photo;
    expect(framed.photo_id).to.equal(own);
    expect(framed.image).to.be.a('string');
  });

  it("carries the visitor's cameras into the account: one the account has too takes the visitor's photos, the others change hands", async () => {
    const visitor = await runtime.users.createVisitor();
    const visitorAuth = `Bearer ${runtime.tokens.issue(visitor)}`;
    const profile = { providerUserId: `merge-${(logins += 1)}`, email: null, emailVerified: false, name: 'Shopper', raw: {} };
    const account = await runtime.services.login.userForProfile('google', profile, null);
    const accountAuth = `Bearer ${runtime.tokens.issue(account)}`;
    const taken = (make: string, at: string) => noiseImage(430 + (logins += 1), 300).jpeg()
      .withExif({ IFD0: { Make: make, Model: 'M' }, IFD2: { DateTimeOriginal: at } }).toBuffer();
    const devices = async (auth: string) => ((await client.get('/photos/api/devices/').set('Authorization', auth).expect(200)).body as
      { id: number; make: string; offset_seconds: number | null; photos: number }[]).map(({ make, offset_seconds: offset, photos }) => ({ make, offset, photos }));
    await upload(accountAuth, await taken('Shared', '2026:07:03 10:00:00'));
    await upload(visitorAuth, await taken('Shared', '2026:07:03 10:10:00'));
    await upload(visitorAuth, await taken('VisitorOnly', '2026:07:03 10:20:00'));
    // The visitor set its camera's clock offset; the account set none for the shared one.
    const visitorDevices = (await client.get('/photos/api/devices/').set('Authorization', visitorAuth)).body as { id: number; make: string }[];
    for (const device of visitorDevices) {
      await client.patch(`/photos/api/devices/${device.id}/`).set('Authorization', visitorAuth).send({ offset_seconds: device.make === 'Shared' ? 60 : -600 }).expect(200);
    }

    await runtime.services.login.userForProfile('google', profile, visitor.id);
    expect(await devices(accountAuth)).to.deep.equal([
      { make: 'Shared', offset: 60, photos: 2 },
      { make: 'VisitorOnly', offset: -600, photos: 1 },
    ]);
    expect((await runtime.db.sql.query('SELECT id FROM photo_devices WHERE owner_id = $1', [visitor.id])).rows).to.deep.equal([]);
  });
});
