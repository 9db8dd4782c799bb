import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { type BookEditor, editMessage, joinedEditor, TRANSPORTS } from './editors';

interface Layout { id: string; pages: { id: string; type: string; num: number; blocks: { id: string; type: string }[] }[] }

describe(`editing a book: what is refused changes nothing (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  let layout: Layout;
  let ownPhoto: number;
  let othersPhoto: number;
  const editors: BookEditor[] = [];

  const uploadPhoto = async (auth: string, seed: number) => {
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: seed, g: 90, b: 120 } } }).jpeg().toBuffer();
    const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', auth)
      .attach('files', picture, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    await processPhoto.handle({ photoId: body.photo_id }, runtime.jobContext);
    return body.photo_id as number;
  };
  /** Everything an edit could change: the layout's row, its pages, its history. */
  const bookState = async (layoutId: string) => {
    const { rows: [row] } = await runtime.db.sql.query<Record<string, unknown>>(
      `SELECT l.version, l.num_pages, l.photo_ids, l.unplaced, l.scheme_theme_rel,
              (SELECT json_agg(p ORDER BY p.num) FROM (SELECT id, num, template_id, blocks FROM layout_pages WHERE layout_id = l.id) p) AS pages,
              (SELECT count(*)::int FROM layout_history WHERE layout_id = l.id) AS steps
       FROM layouts l WHERE l.id = $1`, [layoutId]);
    return row;
  };
  const editor = async (transport: (typeof TRANSPORTS)[number], token = users.owner.token, layoutId = layout.id) => {
    const made = await joinedEditor(transport, server.url, token, layoutId);
    editors.push(made);
    return made;
  };
  const photoBlock = () => layout.pages.find((page) => page.type === 'PAGE')!.blocks.find((block) => block.type === 'PHOTO')!.id;
  const textBlock = () => layout.pages.flatMap((page) => page.blocks).find((block) => block.type === 'TEXT')!.id;
  const page = (num: number) => layout.pages.find((item) => item.num === num)!.id;

  before(async () => {
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    layout = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
    ownPhoto = await uploadPhoto(users.owner.auth, 10);
    othersPhoto = await uploadPhoto(users.other.auth, 200);
    const sender = await editor('socket.io');
    const ack = await sender.ask(editMessage('layout', 'add_photos', layout.id, undefined, { photo_ids: [ownPhoto] }));
    expect(ack.error).to.equal(undefined);
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  /** Each operation with a valid message (for the other user and the frozen book) and payloads its schema refuses. */
  const operations = () => [
    { name: 'layout/add_photos', valid: () => editMessage('layout', 'add_photos', layout.id, undefined, { photo_ids: [ownPhoto] }),
      bad: [{ photo_ids: [] }, { photo_ids: ['1'] }, { photo_ids: [1], extra: true }, {}] },
    { name: 'layout/remove_photos', valid: () => editMessage('layout', 'remove_photos', layout.id, undefined, { photo_ids: [ownPhoto] }),
      bad: [{ photo_ids: [0] }, { photo_ids: Array.from({ length: 1001 }, (_, index) => index + 1) }] },
    { name: 'block/set', valid: () => editMessage('block', 'set', layout.id, photoBlock(), { photo_id: ownPhoto }),
      bad: [{}, { photo_id: ownPhoto, crop: { x: 0, y: 0, width: 0, height: 1 } }, { photo_id: ownPhoto, rotation: 45 },
        { photo_id: ownPhoto, crop: { x: -0.1, y: 0, width: 0.5, height: 0.5 } }, { photo_id: ownPhoto, mirror: 'yes' }] },
    { name: 'block/crop', valid: () => editMessage('block', 'crop', layout.id, photoBlock(), { crop: { x: 0, y: 0, width: 0.5, height: 0.5 } }),
      bad: [{}, { crop: { x: 0, y: 0, width: 2, height: 0.5 } }] },
    { name: 'block/clear', valid: () => editMessage('block', 'clear', layout.id, photoBlock()), bad: [{ all: true }] },
    { name: 'block/text', valid: () => editMessage('block', 'text', layout.id, textBlock(), { text: 'Привет' }),
      bad: [{ text: 'x'.repeat(2001) }, { font: 'Comic Sans' }, { color: 'red' }, { size: 1000 }, { align: 'justify' }] },
    { name: 'page/add', valid: () => editMessage('page', 'add', layout.id, page(1)), bad: [{ scheme_id: 'one' }, { scheme_id: 0 }] },
    { name: 'page/remove', valid: () => editMessage('page', 'remove', layout.id, page(1)), bad: [{ force: true }] },
    { name: 'page/move', valid: () => editMessage('page', 'move', layout.id, page(1), { after: page(5) }), bad: [{}, { after: 'page five' }] },
    { name: 'page/background', valid: () => editMessage('page', 'background', layout.id, page(1), { element_id: null }), bad: [{}, { element_id: -1 }] },
    { name: 'layout/undo', valid: () => editMessage('layout', 'undo', layout.id, undefined), bad: [{ steps: 2 }] },
    { name: 'layout/redo', valid: () => editMessage('layout', 'redo', layout.id, undefined), bad: [{ steps: 2 }] },
  ];

  for (const transport of TRANSPORTS) {
    it(`answers invalid_message to bad payloads of every operation over ${transport}, changing nothing`, async () => {
      const sender = await editor(transport);
      const before = await bookState(layout.id);
      for (const operation of operations()) {
        for (const payload of operation.bad) {
          const message = { ...operation.valid(), payload };
          const ack = await sender.ask(message);
          expect(ack.error?.code, `${operation.name} ${JSON.stringify(payload).slice(0, 80)}`).to.equal('invalid_message');
        }
        // The target missing from params, or the layout's id not a UUID.
        const { params: _params, ...noParams } = operation.valid();
        expect((await sender.ask({ ...noParams, params: { layout_id: 'x' } })).error?.code, operation.name).to.equal('invalid_message');
      }
      expect(await bookState(layout.id)).to.deep.equal(before);
    });

    it(`refuses another user's book and another user's photo over ${transport}, changing nothing`, async () => {
      const before = await bookState(layout.id);
      const stranger = await editor(transport, users.other.token, layout.id);
      for (const operation of operations()) {
        const ack = await stranger.ask(operation.valid());
        expect(ack.error?.code, operation.name).to.equal('not_found');
      }
      const owner = await editor(transport);
      const foreign = await owner.ask(editMessage('layout', 'add_photos', layout.id, undefined, { photo_ids: [othersPhoto] }));
      expect(foreign.error?.code).to.equal('not_found');
      const placed = await owner.ask(editMessage('block', 'set', layout.id, photoBlock(), { photo_id: othersPhoto }));
      expect(placed.error?.code).to.equal('not_found');
      // A background of another theme than the book's is as unknown as one that does not exist.
      const { rows: [otherTheme] } = await runtime.db.sql.query<{ id: number }>(
        `SELECT e.id FROM theme_elements e WHERE e.element_type = 'PAGE_BACKGROUND'
           AND e.theme_id <> (SELECT p.theme_id FROM layouts l JOIN products p ON p.id = l.product_id WHERE l.id = $1) LIMIT 1`, [layout.id]);
      expect((await owner.ask(editMessage('page', 'background', layout.id, page(2), { element_id: otherTheme.id }))).error?.code).to.equal('not_found');
      // The other user's own book cannot take the owner's photo either.
      const theirs = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.other.auth).send({ product_id: products[0] })).body;
      const theirEditor = await editor(transport, users.other.token, theirs.id);
      const taken = await theirEditor.ask(editMessage('layout', 'add_photos', theirs.id, undefined, { photo_ids: [ownPhoto] }));
      expect(taken.error?.code).to.equal('not_found');
      expect(await bookState(layout.id)).to.deep.equal(before);
    });

    it(`refuses every operation on a frozen book over ${transport}, changing nothing`, async () => {
      await runtime.db.sql.query("UPDATE layouts SET status = 'IN_WORK' WHERE id = $1", [layout.id]);
      try {
        const before = await bookState(layout.id);
        const sender = await editor(transport);
        for (const operation of operations()) {
          expect((await sender.ask(operation.valid())).error?.code, operation.name).to.equal('forbidden');
        }
        expect(await bookState(layout.id)).to.deep.equal(before);
      } finally {
        await runtime.db.sql.query("UPDATE layouts SET status = 'OPEN' WHERE id = $1", [layout.id]);
      }
    });
  }

  it("keeps the page count within the format's limits under concurrent adds from two editors", async () => {
    const { rows: [{ num_pages: pages }] } = await runtime.db.sql.query<{ num_pages: number }>('SELECT num_pages FROM layouts WHERE id = $1', [layout.id]);
    // Room for one more spread: the cover is not an interior page.
    await runtime.db.sql.query('UPDATE formats SET max_pages = $1 WHERE id = (SELECT format_id FROM layouts WHERE id = $2)', [pages - 1 + 2, layout.id]);
    try {
      const [first, second] = await Promise.all(TRANSPORTS.map((transport) => editor(transport)));
      const acks = await Promise.all([first, second].flatMap((sender) => [1, 2].map(() => sender.ask(editMessage('page', 'add', layout.id, page(1))))));
      expect(acks.filter((ack) => !ack.error)).to.have.length(1);
      expect(acks.filter((ack) => ack.error).map((ack) => ack.error!.code)).to.deep.equal(['page_limit', 'page_limit', 'page_limit']);
      const { rows: [row] } = await runtime.db.sql.query<{ num_pages: number; rows: number }>(
        'SELECT num_pages, (SELECT count(*)::int FROM layout_pages WHERE layout_id = l.id) AS rows FROM layouts l WHERE id = $1', [layout.id]);
      expect(row).to.deep.equal({ num_pages: pages + 2, rows: pages + 2 });
    } finally {
      await runtime.db.sql.query('UPDATE formats SET max_pages = 100');
    }
  });

  it('refuses to shrink a book below its minimum', async () => {
    const { rows: [{ num_pages: pages }] } = await runtime.db.sql.query<{ num_pages: number }>('SELECT num_pages FROM layouts WHERE id = $1', [layout.id]);
    await runtime.db.sql.query('UPDATE formats SET min_pages = $1 WHERE id = (SELECT format_id FROM layouts WHERE id = $2)', [pages - 1, layout.id]);
    try {
      const sender = await editor('socket.io');
      const fresh = (await request(server.url).get(`/api/ua/layout/${layout.id}/`).set('Authorization', users.owner.auth)).body as Layout;
      const ack = await sender.ask(editMessage('page', 'remove', layout.id, fresh.pages.find((item) => item.num === 1)!.id));
      expect(ack.error?.code).to.equal('page_limit');
    } finally {
      await runtime.db.sql.query('UPDATE formats SET min_pages = 10');
    }
  });
});
