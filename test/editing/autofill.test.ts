import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { type BookEditor, editMessage, joinedEditor } from './editors';

interface StoredBlock { id: string; type: string; width: number; height: number; content: { photo?: { photo_id: number } } }
interface PageRow { id: string; num: number; template_id: number | null; blocks: StoredBlock[] }

/** A picture of that size with a pattern of its own (seed), optionally with a capture time and offset in EXIF. */
async function picture(seed: number, landscape: boolean, taken?: { at: string; offset: string }, quality = 90): Promise<Buffer> {
  const [width, height] = landscape ? [960, 640] : [640, 960];
  // 6 x 6 cells of colours drawn from the seed (a small linear congruential generator): the same seed, the same picture.
  let state = seed * 7919 + 17;
  const cells = Buffer.from(Array.from({ length: 6 * 6 * 3 }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % 256;
  }));
  const image = sharp(cells, { raw: { width: 6, height: 6, channels: 3 } }).resize(width, height, { kernel: 'nearest' }).jpeg({ quality });
  return (taken ? image.withExif({ IFD0: { Make: 'Test' }, IFD2: { DateTimeOriginal: taken.at, OffsetTimeOriginal: taken.offset } }) : image).toBuffer();
}

type Orientation = 'landscape' | 'portrait' | 'square';
const orientationOf = (width: number, height: number): Orientation => (width > height * 1.05 ? 'landscape' : height > width * 1.05 ? 'portrait' : 'square');
const clash = (a: Orientation, b: Orientation) => a !== b && a !== 'square' && b !== 'square';

describe(`layout/autofill (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  const editors: BookEditor[] = [];
  /** The fixture's photos by name, and each photo's upright size. */
  const ids: Record<string, number> = {};
  const sizes = new Map<number, { width: number; height: number }>();

  const upload = async (name: string, content: Buffer) => {
    const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', users.owner.auth)
      .attach('files', content, { filename: `${name}.jpg`, contentType: 'image/jpeg' });
    await processPhoto.handle({ photoId: body.photo_id }, runtime.jobContext);
    ids[name] = body.photo_id;
    const { rows: [row] } = await runtime.db.sql.query<{ width: number; height: number }>('SELECT width, height FROM photos WHERE id = $1', [body.photo_id]);
    sizes.set(body.photo_id, row);
  };
  const uploadAndKeep = async (name: string, content: Buffer) => {
    await upload(name, content);
    return ids[name];
  };
  const newBook = async () => (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body as { id: string };
  const pageRows = async (layoutId: string) => (await runtime.db.sql.query<PageRow>(
    'SELECT id, num, template_id, blocks FROM layout_pages WHERE layout_id = $1 ORDER BY num', [layoutId])).rows;
  const placedInOrder = (pages: PageRow[]) => pages.flatMap((page) => page.blocks.flatMap((block) => (block.content.photo ? [block.content.photo.photo_id] : [])));
  const editor = async (layoutId: string) => {
    const made = await joinedEditor('socket.io', server.url, users.owner.token, layoutId);
    editors.push(made);
    return made;
  };
  const read = async (layoutId: string) => {
    const { version: _v, updated: _u, changed: _c, ...rest } = (await request(server.url).get(`/api/ua/layout/${layoutId}/`).set('Authorization', users.owner.auth)).body;
    return rest;
  };
  /** Slots whose photo has the other orientation, over the given pages (of a square format: percentages compare as millimetres). */
  const mismatches = (pages: PageRow[]) => pages.flatMap((page) => page.blocks).filter((block) => block.content.photo).filter((block) => {
    const photo = sizes.get(block.content.photo!.photo_id)!;
    return clash(orientationOf(photo.width, photo.height), orientationOf(block.width, block.height));
  }).length;

  before(async function () {
    // Eight photos processed as the job processes them: minutes on a machine busy with other suites.
    this.timeout(240_000);
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    // Upload order (ids ascending) differs from capture order; X and Y show that offsets count: Y's wall clock is
    // earlier, its instant later. N1 and N2 have no capture time; A1dup is A1 again, encoded otherwise.
    await upload('A2', await picture(2, false, { at: '2024:06:01 10:30:00', offset: '+03:00' }));
    await upload('N1', await picture(11, true));
    await upload('A1', await picture(1, true, { at: '2024:06:01 10:00:00', offset: '+03:00' }));
    await upload('Y', await picture(4, true, { at: '2024:06:01 20:00:00', offset: '-05:00' }));
    await upload('A3', await picture(3, true, { at: '2024:06:01 11:00:00', offset: '+03:00' }));
    await upload('X', await picture(5, false, { at: '2024:06:02 09:00:00', offset: '+09:00' }));
    await upload('A1dup', await picture(1, true, { at: '2024:06:01 10:00:00', offset: '+03:00' }, 70));
    await upload('N2', await picture(12, false));
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('orders by capture instant with offsets, keeps untimed photos at their upload place, drops near-duplicates and starts an event on a new spread', async () => {
    const { rows } = await runtime.db.sql.query<{ id: number; duplicate_group: number }>('SELECT id, duplicate_group FROM photos WHERE id = ANY($1)', [[ids.A1, ids.A1dup]]);
    expect(rows[0].duplicate_group, 'the fixture is a near-duplicate pair').to.equal(rows[1].duplicate_group);
    const book = await newBook();
    const sender = await editor(book.id);
    const all = Object.values(ids);
    expect((await sender.ask(editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: all }))).error).to.equal(undefined);
    const ack = await sender.ask(editMessage('layout', 'autofill', book.id, undefined, {}));
    expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
    const pages = await pageRows(book.id);
    const order = placedInOrder(pages);
    expect(order).to.deep.equal([ids.A1, ids.N1, ids.A2, ids.A3, ids.X, ids.Y, ids.N2]);
    // The second event (X, 16 hours after A3) starts a spread: the first page of one, odd.
    const xPage = pages.find((page) => page.blocks.some((block) => block.content.photo?.photo_id === ids.X))!;
    expect(xPage.num % 2).to.equal(1);
    const aPages = pages.filter((page) => page.blocks.some((block) => [ids.A1, ids.N1, ids.A2, ids.A3].includes(block.content.photo?.photo_id ?? -1)));
    expect(Math.max(...aPages.map((page) => page.num))).to.be.below(xPage.num);
    const report = ack.response_data!.autofill as { photos_placed: number; photos_left_out: unknown[]; pages_changed: number[]; low: number; cannot_print: number };
    expect(report.photos_placed).to.equal(7);
    expect(report.photos_left_out).to.deep.equal([{ photo_id: ids.A1dup, reason: 'duplicate' }]);
    expect(report.pages_changed).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // 960 pixels over a block of at least a third of 20 cm: below 300 dpi, counted as the preflight counts.
    expect(report.low + report.cannot_print).to.equal(7);
  });

  it('reports the slots whose photo has the other orientation as they were placed', async () => {
    // (How few those are against filling slots in order is shown on schemes of both orientations in autofill-plan.test.ts:
    // the demo's schemes of a square format have square and landscape slots only.)
    const book = await newBook();
    const sender = await editor(book.id);
    const photos = [ids.A1, ids.A2, ids.A3, ids.X, ids.Y, ids.N1, ids.N2];
    const ack = await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { from_page: 7, photo_ids: photos, order: 'given' }));
    expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
    const after = (await pageRows(book.id)).filter((page) => page.num >= 7);
    const report = ack.response_data!.autofill as { mismatched_slots: number; photos_placed: number };
    expect(report.photos_placed).to.equal(7);
    expect(mismatches(after)).to.equal(report.mismatched_slots);
    expect(placedInOrder(after)).to.have.members(photos);
  });

  it('keeps the pages before from_page byte for byte', async () => {
    const book = await newBook();
    const sender = await editor(book.id);
    const first = (await pageRows(book.id)).find((page) => page.num === 1)!;
    const photoBlock = first.blocks.find((block) => block.type === 'PHOTO')!;
    await sender.ask(editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: [ids.A1, ids.A2, ids.X] }));
    expect((await sender.ask(editMessage('block', 'set', book.id, photoBlock.id, { photo_id: ids.A2 }))).error).to.equal(undefined);
    const before = (await pageRows(book.id)).filter((page) => page.num < 5);
    const ack = await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { from_page: 5 }));
    expect(ack.error).to.equal(undefined);
    const after = await pageRows(book.id);
    expect(after.filter((page) => page.num < 5)).to.deep.equal(before);
    // By default the photos placed before from_page stay there and are not placed again.
    expect(placedInOrder(after.filter((page) => page.num >= 5))).to.deep.equal([ids.A1, ids.X]);
  });

  it('fits the page count to the photos within the format\'s limits', async () => {
    const photos = [ids.A1, ids.A2, ids.A3, ids.X, ids.Y, ids.N1, ids.N2];
    const fitted = async (minPages: number, maxPages: number) => {
      await runtime.db.sql.query('UPDATE formats SET min_pages = $1, max_pages = $2 WHERE id = 1', [minPages, maxPages]);
      const book = await newBook();
      const sender = await editor(book.id);
      const ack = await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { photo_ids: photos, pages: 'fit' }));
      expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
      const pages = await pageRows(book.id);
      const { rows: [row] } = await runtime.db.sql.query<{ num_pages: number }>('SELECT num_pages FROM layouts WHERE id = $1', [book.id]);
      expect(row.num_pages).to.equal(pages.length);
      expect(pages.map((page) => page.num)).to.deep.equal(pages.map((_, index) => index));
      return { interior: pages.length - 1, placed: placedInOrder(pages).length };
    };
    try {
      // Two events of 4 and 3 photos: a spread each at two photos a page.
      expect(await fitted(2, 100)).to.deep.equal({ interior: 4, placed: 7 });
      expect(await fitted(8, 100)).to.deep.equal({ interior: 8, placed: 7 });
      expect((await fitted(2, 2)).interior).to.equal(2);
    } finally {
      await runtime.db.sql.query('UPDATE formats SET min_pages = 10, max_pages = 100');
    }
  });

  it('gives the same book for the same inputs', async () => {
    const shape = async () => {
      const book = await newBook();
      const sender = await editor(book.id);
      const photos = [ids.A1, ids.A2, ids.A3, ids.X, ids.Y, ids.N1, ids.N2, ids.A1dup];
      expect((await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { photo_ids: photos }))).error).to.equal(undefined);
      return (await pageRows(book.id)).map((page) => ({
        num: page.num, scheme: page.template_id,
        photos: page.blocks.map((block) => (block.content.photo ? { ...block.content.photo } : block.type)),
      }));
    };
    expect(await shape()).to.deep.equal(await shape());
  });

  it('is undone by one layout/undo, exactly, and applied once under a replay', async () => {
    const book = await newBook();
    const sender = await editor(book.id);
    const before = await read(book.id);
    const message = editMessage('layout', 'autofill', book.id, undefined, { photo_ids: [ids.A1, ids.A2, ids.X, ids.Y], pages: 'fit' });
    const ack = await sender.ask(message);
    expect(ack.error).to.equal(undefined);
    expect(await sender.ask(message)).to.deep.equal(ack);
    const { rows: [row] } = await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [book.id]);
    expect(row.version).to.equal(ack.version);
    expect((await sender.ask(editMessage('layout', 'undo', book.id, undefined))).error).to.equal(undefined);
    expect(await read(book.id)).to.deep.equal(before);
  });

  it('leaves out the book\'s photos deleted since they were added, hidden or gone, without an error', async () => {
    const book = await newBook();
    const sender = await editor(book.id);
    const hidden = await uploadAndKeep('hidden', await picture(40, true));
    const gone = await uploadAndKeep('gone', await picture(41, true));
    expect((await sender.ask(editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: [ids.A1, hidden, gone] }))).error).to.equal(undefined);
    await request(server.url).patch('/photos/api/photo/destroy_many/').set('Authorization', users.owner.auth).send({ photo_id_list: [hidden] }).expect(200);
    await runtime.db.sql.query('DELETE FROM photos WHERE id = $1', [gone]);
    const ack = await sender.ask(editMessage('layout', 'autofill', book.id, undefined, {}));
    expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
    expect(placedInOrder(await pageRows(book.id))).to.deep.equal([ids.A1]);
  });

  it('refuses another user\'s photos and a from_page past the book', async () => {
    const book = await newBook();
    const sender = await editor(book.id);
    const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', users.other.auth)
      .attach('files', await picture(30, true), { filename: 'other.jpg', contentType: 'image/jpeg' });
    expect((await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { photo_ids: [body.photo_id] }))).error?.code).to.equal('not_found');
    expect((await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { from_page: 99 }))).error?.code).to.equal('invalid_message');
    expect((await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { pages: 'all' }))).error?.code).to.equal('invalid_message');
  });
});
