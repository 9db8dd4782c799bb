// Photos hidden from the library (destroy_many) keep their files only while a book on its way to print needs them:
// the retention sweep (sweep-unnamed-files) removes the others, rows and files. Books and orders are real rows,
// the photo placed in a block by SQL as the editing channel stores it.
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { sweepUnnamedFiles } from '../../src/worker/sweep-unnamed-files';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { storedKeys } from '../helpers/media';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from '../themes/images';

type Client = ReturnType<typeof request>;
type SetStatus = 'OPEN' | 'CONFIRMED' | 'PAID' | 'IN_PRODUCTION' | 'SHIPPED' | 'DELIVERED' | 'CANCELED';
/** The layout's status as the order flow leaves it for a set of that status (delivery, orders/admin-repository.ts). */
const LAYOUT_STATUS: Record<SetStatus, string> = {
  OPEN: 'OPEN', CONFIRMED: 'IN_WORK', PAID: 'IN_WORK', IN_PRODUCTION: 'IN_WORK', SHIPPED: 'IN_WORK', DELIVERED: 'IN_WORK', CANCELED: 'OPEN',
};

describe(`shoppers' photos: a hidden photo's files kept while an ordered book needs them (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let client: Client;
  let emails = 0;
  let pictures = 0;

  const account = async () => {
    const user = await runtime.users.create({ email: `hidden${(emails += 1)}@example.com`, role: 'user' });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  const content = () => noiseImage(300 + (pictures += 1), 200).jpeg().toBuffer();
  const upload = async (auth: string, bytes: Buffer) => (await client.post('/api/or/photo/').set('Authorization', auth)
    .attach('files', bytes, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200)).body.photo_id as number;
  /** A processed photo; its id and its folder of files. */
  const photo = async (auth: string, bytes?: Buffer) => {
    const id = await upload(auth, bytes ?? await content());
    await processPhoto.handle({ photoId: id }, runtime.jobContext);
    const { rows: [row] } = await runtime.db.sql.query<{ original_key: string }>('SELECT original_key FROM photos WHERE id = $1', [id]);
    return { id, folder: row.original_key.replace(/[^/]+$/, '') };
  };
  /** destroy_many, then as if it had been a day and a half ago. */
  const hideLongAgo = async (auth: string, ids: number[]) => {
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', auth).send({ photo_id_list: ids }).expect(200, { update_count: ids.length });
    await runtime.db.sql.query("UPDATE photos SET deleted_at = now() - interval '36 hours' WHERE id = ANY($1::int[])", [ids]);
  };
  /** A book of the owner: photo ids in its list, and photo ids each placed in a PHOTO block of its page. */
  const book = async (ownerId: number, listed: number[], placed: number[] = [], unplaced: number[] = []) => {
    const placement = (photoId: number) => ({ photo_id: photoId, crop: { x: 0, y: 0, width: 1, height: 1 }, rotation: 0, mirror: false });
    const { rows: [layout] } = await runtime.db.sql.query<{ id: string }>(
      `INSERT INTO layouts (name, num_pages, owner_id, photo_ids, unplaced) VALUES ('Book', 1, $1, $2::jsonb, $3::jsonb) RETURNING id`,
      [ownerId, JSON.stringify(listed), JSON.stringify(unplaced.map((photoId, index) => ({
        id: `u${index}`, type: 'PHOTO', page_id: 'p', content_warp: { x: 0, y: 0, width: 1, height: 1 },
        content: { image: null, text: '', link: null, photo: placement(photoId) },
      })))]);
    const blocks = placed.map((photoId, index) => ({
      id: `b${index}`, type: 'PHOTO', theme_element_type: null, x: 0, y: 0, width: 1, height: 1, content_warp: { x: 0, y: 0, width: 1, height: 1 },
      content: { image: null, text: '', link: null, photo: placement(photoId) },
    }));
    await runtime.db.sql.query(
      `INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}', $2::jsonb)`,
      [layout.id, JSON.stringify(blocks)]);
    return layout.id;
  };
  /** The book in an order set of that status, the layout's status as the order flow leaves it. */
  const order = async (ownerId: number, layoutId: string, status: SetStatus) => {
    const { rows: [set] } = await runtime.db.sql.query<{ id: number }>('INSERT INTO order_sets (user_id, status) VALUES ($1, $2) RETURNING id', [ownerId, status]);
    await runtime.db.sql.query('INSERT INTO orders (order_set_id, layout_id, price_kopecks) VALUES ($1, $2, 100)', [set.id, layoutId]);
    await runtime.db.sql.query('UPDATE layouts SET status = $2 WHERE id = $1', [layoutId, LAYOUT_STATUS[status]]);
    return set.id;
  };
  const sweep = () => sweepUnnamedFiles.handle(null, runtime.jobContext) as Promise<{ hiddenPhotos: { hidden: number; removed: number } }>;
  const rowOf = async (id: number) => (await runtime.db.sql.query('SELECT id FROM photos WHERE id = $1', [id])).rows[0];
  const filesIn = (folder: string) => storedKeys(runtime, folder, 'private');
  const expectRemoved = async (found: { id: number; folder: string }, why: string) => {
    expect(await rowOf(found.id), why).to.equal(undefined);
    expect(await filesIn(found.folder), why).to.deep.equal([]);
  };
  const expectKept = async (found: { id: number; folder: string }, why: string) => {
    expect(await rowOf(found.id), why).to.not.equal(undefined);
    expect(await filesIn(found.folder), why).to.have.length.at.least(2);
  };

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('removes a hidden photo no book names, with its files and its folder memberships; keeps the library\'s photos and one hidden today', async () => {
    const owner = await account();
    const [gone, shown, today] = [await photo(owner.auth), await photo(owner.auth), await photo(owner.auth)];
    const { body: folder } = await client.post('/photos/api/folder/').set('Authorization', owner.auth).send({ name: 'Trip' }).expect(201);
    await client.patch('/photos/api/photo/copy_many/').set('Authorization', owner.auth).send({ photo_id_list: [gone.id], folder_id: folder.id }).expect(200);
    await hideLongAgo(owner.auth, [gone.id]);
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [today.id] }).expect(200);

    const { hiddenPhotos } = await sweep();
    expect(hiddenPhotos.removed).to.be.at.least(1);
    await expectRemoved(gone, 'hidden, in no book');
    expect((await runtime.db.sql.query('SELECT 1 FROM folder_photos WHERE photo_id = $1', [gone.id])).rows).to.deep.equal([]);
    await expectKept(shown, 'in the library');
    await expectKept(today, 'hidden less than a day ago');
    expect((await runtime.db.sql.query('SELECT key FROM stored_file_deletions')).rows).to.deep.equal([]);
  });

  it('keeps a hidden photo a book on its way to print names, by block, list or unplaced content, until the order is done', async () => {
    const owner = await account();
    const [inBlock, inList, inUnplaced, confirmed] = [await photo(owner.auth), await photo(owner.auth), await photo(owner.auth), await photo(owner.auth)];
    const paidBook = await book(owner.id, [inList.id], [inBlock.id], [inUnplaced.id]);
    const paidSet = await order(owner.id, paidBook, 'PAID');
    const confirmedBook = await book(owner.id, [], [confirmed.id]);
    const confirmedSet = await order(owner.id, confirmedBook, 'CONFIRMED');
    await hideLongAgo(owner.auth, [inBlock.id, inList.id, inUnplaced.id, confirmed.id]);

    await sweep();
    for (const [found, why] of [[inBlock, 'a PHOTO block'], [inList, 'the photo list'], [inUnplaced, 'unplaced content'], [confirmed, 'a confirmed set']] as const) {
      await expectKept(found, `named by ${why} of a paid book`);
    }

    // Delivered: the book exists, its photos may go. Cancelled: nothing prints it.
    await runtime.db.sql.query("UPDATE order_sets SET status = 'DELIVERED' WHERE id = $1", [paidSet]);
    await runtime.db.sql.query("UPDATE layouts SET status = 'IN_WORK' WHERE id = $1", [paidBook]);
    await runtime.db.sql.query("UPDATE order_sets SET status = 'CANCELED' WHERE id = $1", [confirmedSet]);
    await runtime.db.sql.query("UPDATE layouts SET status = 'OPEN' WHERE id = $1", [confirmedBook]);
    await sweep();
    for (const found of [inBlock, inList, inUnplaced, confirmed]) await expectRemoved(found, 'its order is done');
  });

  it('keeps it while another set on its way to print holds a book a delivered set holds too', async () => {
    const owner = await account();
    const placed = await photo(owner.auth);
    const twice = await book(owner.id, [placed.id], [placed.id]);
    await order(owner.id, twice, 'SHIPPED');
    // The delivered set completes the layout though the shipped one still prints it (orders/admin-repository.ts).
    await order(owner.id, twice, 'DELIVERED');
    await hideLongAgo(owner.auth, [placed.id]);
    await sweep();
    await expectKept(placed, 'a shipped set still holds the book');
  });

  it('removes a hidden photo that only books not ordered name (open, in a cart, in the bin): their blocks show empty', async () => {
    const owner = await account();
    const [open, inCart, binned] = [await photo(owner.auth), await photo(owner.auth), await photo(owner.auth)];
    await book(owner.id, [open.id], [open.id]);
    await order(owner.id, await book(owner.id, [inCart.id], [inCart.id]), 'OPEN');
    const bin = await book(owner.id, [binned.id], [binned.id]);
    await runtime.db.sql.query("UPDATE layouts SET status = 'DELETED' WHERE id = $1", [bin]);
    await hideLongAgo(owner.auth, [open.id, inCart.id, binned.id]);
    await sweep();
    for (const found of [open, inCart, binned]) await expectRemoved(found, 'no ordered book names it');
  });

  it('takes the same file uploaded again after the sweep as a new photo, processed and shown', async () => {
    const owner = await account();
    const bytes = await content();
    const first = await photo(owner.auth, bytes);
    await hideLongAgo(owner.auth, [first.id]);
    await sweep();
    await expectRemoved(first, 'swept');
    const again = await photo(owner.auth, bytes);
    expect(again.id).to.not.equal(first.id);
    const { body } = await client.get(`/photos/api/photo/${again.id}/`).set('Authorization', owner.auth).expect(200);
    expect(body).to.include({ id: again.id, status: 'ready' });
  });
});
