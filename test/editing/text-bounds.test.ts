// A text that costs bounded work to set, from the editor and from every reader of a stored one (security review 4,
// findings 1 and 8): work is counted in shaped characters, not timed.
import { expect } from 'chai';
import request from 'supertest';
import { MAX_MARKS_PER_CHARACTER } from '../../src/render/text-bounds';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { countShaping } from '../helpers/shaping';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { type BookEditor, editMessage, joinedEditor, TRANSPORTS } from './editors';

interface Layout { id: string; pages: { id: string; num: number; type: string; blocks: { id: string; type: string }[] }[] }

/** The review's text: 1,800 combining accents before 200 letters, in a large italic. */
const combining = '\u0301'.repeat(1800) + 'W'.repeat(190) + '0123456789';
const bigItalic = { font: 'DejaVu Serif Italic', size: 200 };

describe(`texts within bounds, for editors and readers (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let layout: Layout;
  const editors: BookEditor[] = [];

  const textBlocks = () => layout.pages.flatMap((page) => page.blocks.filter((block) => block.type === 'TEXT').map((block) => ({ page, block })));
  const storedText = async (blockId: string) => {
    const { rows } = await runtime.db.sql.query<{ text: string }>(
      `SELECT b->'content'->>'text' AS text FROM layout_pages p, jsonb_array_elements(p.blocks) b WHERE p.layout_id = $1 AND b->>'id' = $2`,
      [layout.id, blockId]);
    return rows[0].text;
  };
  const editor = async (transport: (typeof TRANSPORTS)[number]) => {
    const made = await joinedEditor(transport, server.url, users.owner.token, layout.id);
    editors.push(made);
    return made;
  };

  before(async () => {
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: '400' });
    const { products } = await seedLayoutCatalog(runtime);
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    layout = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  for (const transport of TRANSPORTS) {
    it(`refuses a character with more than ${MAX_MARKS_PER_CHARACTER} combining marks over ${transport}, storing nothing`, async () => {
      const sender = await editor(transport);
      const { block } = textBlocks()[0];
      const before = await storedText(block.id);
      const ack = await sender.ask(editMessage('block', 'text', layout.id, block.id, { text: combining, ...bigItalic }));
      expect(ack.error).to.deep.equal({ code: 'invalid_message', message: 'A character carries at most 30 combining marks (one here carries 1799).' });
      expect(await storedText(block.id)).to.equal(before);
      const within = `Zalgo W${'\u0301'.repeat(MAX_MARKS_PER_CHARACTER)}`;
      expect((await sender.ask(editMessage('block', 'text', layout.id, block.id, { text: within }))).error).to.equal(undefined);
      expect(await storedText(block.id)).to.equal(within);
    });

    it(`refuses lone surrogates and NUL as invalid text over ${transport}, not as a server error`, async () => {
      const sender = await editor(transport);
      const { block } = textBlocks()[0];
      const before = await storedText(block.id);
      for (const text of ['a\ud800b', 'a\udc00', 'a\u0000b']) {
        const ack = await sender.ask(editMessage('block', 'text', layout.id, block.id, { text }));
        expect(ack.error?.code, JSON.stringify(text)).to.equal('invalid_message');
        expect(ack.error?.message).to.match(/^payload: (Invalid Unicode text|Null characters are not allowed)\.$/);
      }
      expect(await storedText(block.id)).to.equal(before);
    });
  }

  it('sets ten 2,000-character Arabic texts sent together with work in proportion to their length', async () => {
    const sender = await editor('plain');
    const blocks = textBlocks();
    const texts = Array.from({ length: 10 }, (_, index) => 'مرحبا'.repeat(398) + String(1e9 + index));
    const count = countShaping();
    try {
      const acks = await Promise.all(texts.map((text, index) =>
        sender.ask(editMessage('block', 'text', layout.id, blocks[index % blocks.length].block.id, { text, font: 'DejaVu Sans', size: 4 }))));
      expect(acks.map((ack) => ack.error)).to.deep.equal(texts.map(() => undefined));
      // Each text is set once for its answer: its words once, each line once.
      expect(count.shaped).to.be.at.most(3 * 20_000);
    } finally {
      count.stop();
    }
  });

  it('reads a text stored past the bounds (before they existed) with bounded work everywhere', async () => {
    // On an interior page, where the layout read says whether a text fits.
    const { page, block } = textBlocks().find((item) => item.page.type === 'PAGE')!;
    // Written as an old row would hold it, for the count before (a short text) and after (one the editor now refuses).
    const storeText = (text: string) => runtime.db.sql.query(
      `UPDATE layout_pages SET blocks = (SELECT jsonb_agg(CASE WHEN b->>'id' = $2
          THEN jsonb_set(b, '{content}', b->'content' || jsonb_build_object('text', $3::text, 'style', $4::jsonb)) ELSE b END ORDER BY n)
        FROM jsonb_array_elements(blocks) WITH ORDINALITY AS e(b, n)) WHERE id = $1`,
      [page.id, block.id, text, JSON.stringify({ ...bigItalic, color: '#000000', align: 'center' })]);
    await storeText('Summer');
    const hash = (await request(server.url).get(`/api/ua/layout/${layout.id}/`).set('Authorization', users.owner.auth)).body.hash as string;
    const readers = {
      'layout read': () => request(server.url).get(`/api/ua/layout/${layout.id}/`).set('Authorization', users.owner.auth),
      preflight: () => request(server.url).get(`/api/ua/layout/${layout.id}/preflight/`).set('Authorization', users.owner.auth),
      'viewer page image': () => request(server.url).get(`/layout/${hash}/page/${page.num}.jpg?width=320`).set('Authorization', users.owner.auth),
    };
    const shapedBy = async (reader: keyof typeof readers) => {
      const count = countShaping();
      try {
        expect((await readers[reader]()).status, reader).to.equal(200);
        return count.shaped;
      } finally {
        count.stop();
      }
    };
    const before: Record<string, number> = {};
    for (const reader of Object.keys(readers) as (keyof typeof readers)[]) before[reader] = await shapedBy(reader);
    await storeText(combining);
    expect(await storedText(block.id)).to.equal(combining);
    for (const reader of Object.keys(readers) as (keyof typeof readers)[]) {
      // The text cut to 30 marks on its first character is 231 characters: set, then drawn, a few times at most.
      expect(await shapedBy(reader) - before[reader], reader).to.be.at.most(4 * 231);
    }
  });
});
