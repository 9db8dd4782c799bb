import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { createValidator, type Validator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, schemeUsageInDatabase, seedLayoutCatalog } from '../layouts/catalog';
import { collect, connectEditor, type EditorSocket, nextEvent, schemeMessage } from './sockets';

interface PageView { id: string; num: number; template: { id: number } | null; blocks: { type: string; content: { image: string | null } }[] }
interface LayoutView { id: string; version: number; pages: PageView[] }

const EVENTS_PER_SECOND = 50;

describe(`the layout editing channel (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let validator: Validator;
  let users: LayoutTestUsers;
  let products: number[];
  const sockets: EditorSocket[] = [];

  const editor = async (token: string) => {
    const socket = await connectEditor(server.url, { token });
    sockets.push(socket);
    return socket;
  };
  const copyFor = async (auth: string, productId: number): Promise<LayoutView> =>
    (await request(server.url).post('/api/ua/layout/').set('Authorization', auth).send({ product_id: productId })).body;
  const squareSchemes = async () => (await request(server.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body as { id: number; slots: { type: string }[] }[];
  const pageRow = async (pageId: string) =>
    (await runtime.db.sql.query<{ template_id: number; blocks: PageView['blocks'] }>('SELECT template_id, blocks FROM layout_pages WHERE id = $1', [pageId])).rows[0];
  const layoutRow = async (layoutId: string) =>
    (await runtime.db.sql.query<{ version: number; last_scheme_page_num: number; scheme_theme_rel: Record<string, number>; unplaced: { content: { image: string } }[] }>(
      'SELECT version, last_scheme_page_num, scheme_theme_rel, unplaced FROM layouts WHERE id = $1', [layoutId])).rows[0];
  const transactions = async (layoutId: string) =>
    (await runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM layout_transactions WHERE layout_id = $1', [layoutId])).rows[0].n;
  const join = (socket: EditorSocket, layoutId: string) => socket.emitWithAck('join', { layout_id: layoutId });
  const send = (socket: EditorSocket, message: unknown) => socket.emitWithAck('message', message);

  let layout: LayoutView;
  let schemes: { id: number; slots: { type: string }[] }[];
  let fourPhotos: number;
  let onePhoto: number;

  before(async () => {
    // 50 events a second per connection: enough for every test here but the burst below, which sends twice as many at
    // once. A burst that small arrives in one read and is admitted before any of it reaches the database, so the
    // bucket cannot refill meanwhile (with 400 and a burst of 600, PGlite's work between reads on a loaded machine
    // refilled it and nothing was refused), and it stays below the cap on waiting requests (twice the rate).
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: String(EVENTS_PER_SECOND) });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    validator = createValidator(runtime.schemas);
    layout = await copyFor(users.owner.auth, products[0]);
    schemes = await squareSchemes();
    const photosIn = (scheme: { slots: { type: string }[] }) => scheme.slots.filter((slot) => slot.type === 'PHOTO').length;
    fourPhotos = schemes.find((scheme) => photosIn(scheme) === 4 && scheme.slots.length === 4)!.id;
    onePhoto = schemes.find((scheme) => photosIn(scheme) === 1)!.id;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  describe('handshake', () => {
    it('accepts the token as auth.token or as the query parameter jwt', async () => {
      sockets.push(await connectEditor(server.url, { token: users.owner.token }));
      sockets.push(await connectEditor(server.url, { query: users.owner.token }));
      sockets.push(await connectEditor(server.url, { token: `Bearer ${users.owner.token}` }));
    });

    it('refuses no token and an invalid one with a clear error', async () => {
      for (const [auth, message] of [
        [{}, 'Authentication credentials were not provided.'], [{ token: 'null' }, 'Authentication credentials were not provided.'],
        [{ token: 'garbage' }, 'Invalid token.'], [{ query: `${users.owner.token}x` }, 'Invalid token.'],
      ] as const) {
        const refused = await connectEditor(server.url, auth).then(() => undefined, (error: Error) => error);
        expect(refused?.message, JSON.stringify(auth)).to.equal(message);
      }
    });
  });

  describe('join', () => {
    it('answers the layout and its version to its owner, moderators and administrators', async () => {
      for (const who of [users.owner, users.moderator, users.admin]) {
        const answer = await join(await editor(who.token), layout.id.toUpperCase());
        expect(validator.errorsOf('layout.json', answer.layout)).to.equal(null);
        expect(answer.layout.id).to.equal(layout.id);
        expect(answer.version).to.equal(answer.layout.version);
      }
    });

    it('answers not_found for someone else\'s layout and invalid_message for a bad join', async () => {
      const socket = await editor(users.other.token);
      expect(await join(socket, layout.id)).to.deep.equal({ error: { code: 'not_found', message: 'Layout not found.' } });
      for (const bad of [null, 'x', {}, { layout_id: 'nope' }, { layout_id: `urn:uuid:${layout.id}` }, { layout_id: layout.id, more: 1 }]) {
        expect((await socket.emitWithAck('join', bad)).error.code, JSON.stringify(bad)).to.equal('invalid_message');
      }
      const alone = await new Promise((resolve) => socket.emit('join', resolve));
      expect(alone).to.deep.include({ error: { code: 'invalid_message', message: 'layout_id: a layout UUID is required.' } });
      expect(socket.connected).to.equal(true);
    });
  });

  describe('setting a scheme', () => {
    it('commits the page, the version, last_scheme_page_num, scheme_theme_rel and the transaction before the ack', async () => {
      const page = layout.pages[3];
      const before = await layoutRow(layout.id);
      const socket = await editor(users.owner.token);
      const ack = await send(socket, schemeMessage(layout.id, page.id, fourPhotos));
      expect(validator.errorsOf('layout-ack.json', ack)).to.equal(null);
      expect(ack.version).to.equal(before.version + 1);
      expect(ack.response_data.data).to.include({ id: page.id, num: 3, layout: layout.id });
      expect(ack.response_data.data.template.id).to.equal(fourPhotos);
      const row = await pageRow(page.id);
      expect(row.template_id).to.equal(fourPhotos);
      expect(row.blocks.filter((block) => block.type === 'PHOTO')).to.have.length(4);
      const after = await layoutRow(layout.id);
      expect(after).to.include({ version: before.version + 1, last_scheme_page_num: 3 });
      expect(after.scheme_theme_rel).to.deep.equal(await schemeUsageInDatabase(runtime, layout.id));
      expect(await transactions(layout.id)).to.be.greaterThan(0);
    });

    it('moves placed photos into the new slots, keeps the rest on the layout, and brings them back', async () => {
      const page = layout.pages[4];
      const socket = await editor(users.owner.token);
      await send(socket, schemeMessage(layout.id, page.id, fourPhotos));
      const photos = ['uploads/a.jpg', 'uploads/b.jpg', 'uploads/c.jpg', 'uploads/d.jpg'];
      const { blocks } = await pageRow(page.id);
      let next = 0;
      const placed = blocks.map((block) => (block.type === 'PHOTO' ? { ...block, content: { ...block.content, image: photos[next++] } } : block));
      await runtime.db.sql.query('UPDATE layout_pages SET blocks = $1::jsonb WHERE id = $2', [JSON.stringify(placed), page.id]);

      const smaller = await send(socket, schemeMessage(layout.id, page.id, onePhoto));
      const kept = smaller.response_data.data.blocks.filter((block: PageView['blocks'][number]) => block.content.image && block.type === 'PHOTO');
      expect(kept.map((block: { content: { image: string } }) => new URL(block.content.image).pathname)).to.deep.equal(['/media/uploads/a.jpg']);
      expect((await layoutRow(layout.id)).unplaced.map((item) => item.content.image)).to.deep.equal(photos.slice(1));

      const back = await send(socket, schemeMessage(layout.id, page.id, fourPhotos));
      const restored = back.response_data.data.blocks.filter((block: PageView['blocks'][number]) => block.type === 'PHOTO');
      expect(restored.map((block: { content: { image: string } }) => new URL(block.content.image).pathname)).to.deep.equal(photos.map((key) => `/media/${key}`));
      expect((await layoutRow(layout.id)).unplaced).to.deep.equal([]);
      expect((await layoutRow(layout.id)).scheme_theme_rel).to.deep.equal(await schemeUsageInDatabase(runtime, layout.id));
    });

    it('answers a replayed transaction_id with the same ack and changes nothing, also after a reconnect and a restart', async () => {
      const page = layout.pages[5];
      const message = schemeMessage(layout.id, page.id, onePhoto);
      const first = await send(await editor(users.owner.token), message);
      const state = { layout: await layoutRow(layout.id), page: await pageRow(page.id), transactions: await transactions(layout.id) };
      const reordered = { payload: message.payload, params: message.params, action: 'set', object: 'page', transaction_id: message.transaction_id.toUpperCase() };
      expect(await send(await editor(users.owner.token), reordered)).to.deep.equal(first);

      await server.stop();
      server = await testServer(runtime);
      expect(await send(await editor(users.owner.token), message)).to.deep.equal(first);
      expect({ layout: await layoutRow(layout.id), page: await pageRow(page.id), transactions: await transactions(layout.id) }).to.deep.equal(state);
    });

    it('keeps transaction ids per user: another user\'s replay gets no ack of theirs, and their own id is theirs', async () => {
      const message = schemeMessage(layout.id, layout.pages[6].id, fourPhotos);
      await send(await editor(users.owner.token), message);
      const intruder = await editor(users.other.token);
      expect((await send(intruder, message)).error.code).to.equal('not_found');
      expect((await send(intruder, { ...message, payload: { id: onePhoto } })).error.code).to.equal('not_found');
      const theirs = await copyFor(users.other.auth, products[1]);
      const own = await send(intruder, { ...message, params: { layout_id: theirs.id, id: theirs.pages[6].id } });
      expect(own.version).to.equal(1);
    });

    it('answers transaction_conflict for a used transaction_id with another message', async () => {
      const page = layout.pages[6];
      const message = schemeMessage(layout.id, page.id, onePhoto);
      const socket = await editor(users.owner.token);
      await send(socket, message);
      const version = (await layoutRow(layout.id)).version;
      const conflict = await send(socket, { ...message, payload: { id: fourPhotos } });
      expect(conflict).to.deep.equal({
        transaction_id: message.transaction_id,
        error: { code: 'transaction_conflict', message: 'This transaction_id was already used for another message.' },
      });
      expect((await pageRow(page.id)).template_id).to.equal(onePhoto);
      expect((await layoutRow(layout.id)).version).to.equal(version);
    });

    it('takes the front end\'s keys and poster/list in message too: one handler serves both transports', async () => {
      const socket = await editor(users.owner.token);
      const message = schemeMessage(layout.id, layout.pages[7].id, fourPhotos);
      const ack = await send(socket, { transaction_id: message.transaction_id, object_type: 'page', action: 'set', request_data: { ...message.params, payload: message.payload } });
      expect(validator.errorsOf('layout-ack.json', ack)).to.equal(null);
      expect(await send(socket, message)).to.deep.equal(ack);
      expect(await send(socket, { object_type: 'poster', action: 'list', transaction_id: 'posters' })).to.deep.equal({ transaction_id: 'posters', response_data: { data: [] } });
    });

    it('answers every bad message with its error code, keeps the connection and changes nothing', async () => {
      const socket = await editor(users.owner.token);
      const otherLayout = await copyFor(users.other.auth, products[1]);
      const page = layout.pages[7];
      const horizontalScheme = (await request(server.url).get('/api/ua/scheme/?fmt=3').set('Authorization', users.owner.auth)).body[0].id;
      const state = { layout: await layoutRow(layout.id), page: await pageRow(page.id), transactions: await transactions(layout.id) };
      const valid = schemeMessage(layout.id, page.id, onePhoto);
      const cases: [unknown, string][] = [
        [null, 'invalid_message'], ['text', 'invalid_message'], [[], 'invalid_message'], [{}, 'invalid_message'],
        [{ ...valid, transaction_id: 'abc' }, 'invalid_message'], [{ ...valid, transaction_id: `urn:uuid:${randomUUID()}` }, 'invalid_message'],
        [{ ...valid, params: { layout_id: `urn:uuid:${layout.id}`, id: page.id } }, 'invalid_message'],
        [{ ...valid, object: 'block' }, 'invalid_message'], [{ ...valid, action: 'remove' }, 'invalid_message'],
        [{ ...valid, object: 'constructor', action: 'x' }, 'invalid_message'],
        [{ ...valid, payload: { id: '7' } }, 'invalid_message'], [{ ...valid, payload: { id: 2 ** 40 } }, 'invalid_message'],
        [{ ...valid, params: { layout_id: layout.id } }, 'invalid_message'], [{ ...valid, extra: true }, 'invalid_message'],
        [schemeMessage(layout.id, layout.pages[0].id, onePhoto), 'invalid_scheme'],
        [schemeMessage(layout.id, page.id, horizontalScheme), 'invalid_scheme'],
        [schemeMessage(layout.id, page.id, 999_999), 'invalid_scheme'],
        [schemeMessage(layout.id, otherLayout.pages[2].id, onePhoto), 'not_found'],
        [schemeMessage(layout.id, randomUUID(), onePhoto), 'not_found'],
        [schemeMessage(otherLayout.id, otherLayout.pages[2].id, onePhoto), 'not_found'],
        [schemeMessage(randomUUID(), page.id, onePhoto), 'not_found'],
      ];
      for (const [message, code] of cases) {
        const ack = await send(socket, message);
        expect(ack.error?.code, JSON.stringify(message)).to.equal(code);
        expect(validator.errorsOf('layout-ack.json', ack), JSON.stringify(message)).to.equal(null);
      }
      socket.emit('message', valid); // no acknowledgement function: nothing can be answered, nothing is done
      const extraArgument = await new Promise<{ error: { code: string } }>((resolve) => socket.emit('message', { ...valid, payload: { id: 'x' } }, 'extra', resolve));
      expect(extraArgument.error.code).to.equal('invalid_message');
      expect(socket.connected).to.equal(true);
      expect((await join(socket, layout.id)).version).to.equal(state.layout.version);
      expect({ layout: await layoutRow(layout.id), page: await pageRow(page.id), transactions: await transactions(layout.id) }).to.deep.equal(state);
    });

    it('lets moderators read but not change, and nobody change a layout in the bin', async () => {
      const page = layout.pages[8];
      const byModerator = await send(await editor(users.moderator.token), schemeMessage(layout.id, page.id, onePhoto));
      expect(byModerator.error.code).to.equal('forbidden');
      await request(server.url).patch(`/api/ua/layout/${layout.id}/`).set('Authorization', users.owner.auth).send({ deleted: true });
      const binned = await send(await editor(users.owner.token), schemeMessage(layout.id, page.id, onePhoto));
      expect(binned.error.code).to.equal('forbidden');
      await request(server.url).patch(`/api/ua/layout/${layout.id}/`).set('Authorization', users.owner.auth).send({ deleted: false });
      expect((await pageRow(page.id)).template_id).to.not.equal(onePhoto);
      const byAdmin = await send(await editor(users.admin.token), schemeMessage(layout.id, page.id, onePhoto));
      expect(byAdmin.version).to.be.a('number');
    });
  });

  describe('the room', () => {
    it('tells the layout\'s other editors, and nobody else', async () => {
      const [sender, watcher, stranger] = [await editor(users.owner.token), await editor(users.owner.token), await editor(users.other.token)];
      const strangers = await copyFor(users.other.auth, products[1]);
      await join(sender, layout.id);
      await join(watcher, layout.id);
      await join(stranger, strangers.id);
      const toSender = collect(sender, 'layout:changed');
      const toStranger = collect(stranger, 'layout:changed');
      const event = nextEvent<{ layout_id: string; version: number; page: PageView }>(watcher, 'layout:changed');
      const ack = await send(sender, schemeMessage(layout.id, layout.pages[9].id, fourPhotos));
      const changed = await event;
      expect(validator.errorsOf('layout-changed.json', changed)).to.equal(null);
      expect(changed).to.deep.equal({ layout_id: layout.id, version: ack.version, page: ack.response_data.data });
      // A round trip on each of the others: anything sent to them before would have arrived first.
      await join(sender, layout.id);
      await join(stranger, strangers.id);
      expect(toSender).to.deep.equal([]);
      expect(toStranger).to.deep.equal([]);
    });

    it('brings concurrent editors of one page to the same page and version', async () => {
      const page = layout.pages[10];
      const editors = [await editor(users.owner.token), await editor(users.owner.token), await editor(users.admin.token)];
      const start = (await Promise.all(editors.map((socket) => join(socket, layout.id))))[0].version;
      const views = editors.map(() => ({ version: start, page: undefined as PageView | undefined }));
      const see = (index: number, version: number, seen: PageView) => {
        if (version > views[index].version) views[index] = { version, page: seen };
      };
      editors.forEach((socket, index) => socket.on('layout:changed', (change: { version: number; page: PageView }) => see(index, change.version, change.page)));
      const rounds = 10;
      const acks = await Promise.all(editors.map(async (socket, index) => {
        const answers = [];
        for (let round = 0; round < rounds; round += 1) {
          const ack = await send(socket, schemeMessage(layout.id, page.id, (round + index) % 2 === 0 ? onePhoto : fourPhotos));
          see(index, ack.version, ack.response_data.data);
          answers.push(ack);
        }
        return answers;
      }));
      const versions = acks.flat().map((ack) => ack.version).sort((a, b) => a - b);
      expect(versions).to.deep.equal(Array.from({ length: rounds * editors.length }, (_, index) => start + index + 1));
      // Round trips flush the events still on their way.
      await Promise.all(editors.map((socket) => join(socket, layout.id)));
      const final = await layoutRow(layout.id);
      expect(final.version).to.equal(start + rounds * editors.length);
      const stored = await pageRow(page.id);
      for (const view of views) {
        expect(view.version).to.equal(final.version);
        expect(view.page!.template!.id).to.equal(stored.template_id);
        expect(view.page!.blocks.map((block) => block.type)).to.deep.equal(stored.blocks.map((block) => block.type));
      }
      expect(final.scheme_theme_rel).to.deep.equal(await schemeUsageInDatabase(runtime, layout.id));
    });

    it('gives a client that reconnects what it missed when it joins again', async () => {
      const watcher = await editor(users.owner.token);
      const before = (await join(watcher, layout.id)).version;
      watcher.disconnect();
      const ack = await send(await editor(users.owner.token), schemeMessage(layout.id, layout.pages[2].id, fourPhotos));
      watcher.connect();
      await nextEvent(watcher, 'connect');
      const rejoined = await join(watcher, layout.id);
      expect(rejoined.version).to.equal(ack.version).and.be.greaterThan(before);
      expect(rejoined.layout.pages[2]).to.deep.equal(ack.response_data.data);
    });
  });

  describe('protection', () => {
    it('disconnects a user\'s sockets when they log out, and their token no longer connects', async () => {
      const user = await runtime.users.create({ email: 'leaving@example.com', role: 'user' });
      const token = runtime.tokens.issue(user);
      const [first, second] = [await editor(token), await editor(token)];
      const staying = await editor(users.owner.token);
      const closed = Promise.all([nextEvent(first, 'disconnect'), nextEvent(second, 'disconnect')]);
      const logout = await request(server.url).post('/api/auth/logout/').set('Authorization', `Bearer ${token}`);
      expect(logout.status).to.equal(200);
      await closed;
      expect((await join(staying, layout.id)).version).to.be.a('number');
      const refused = await connectEditor(server.url, { token }).then(() => undefined, (error: Error) => error);
      expect(refused?.message).to.equal('Invalid token.');
    });

    it('answers rate_limited past the allowed rate and applies none of those', async () => {
      const socket = await editor(users.owner.token);
      const page = layout.pages[1];
      const before = await transactions(layout.id);
      const burst = 2 * EVENTS_PER_SECOND;
      const acks = await Promise.all(Array.from({ length: burst }, () => send(socket, schemeMessage(layout.id, page.id, onePhoto))));
      const limited = acks.filter((ack) => ack.error?.code === 'rate_limited');
      const applied = acks.filter((ack) => typeof ack.version === 'number');
      expect(limited.length).to.be.greaterThan(0);
      expect(applied.length + limited.length).to.equal(burst);
      expect(await transactions(layout.id)).to.equal(before + applied.length);
    });

    it('drops a connection that sends an oversized frame and keeps serving the others', async () => {
      const socket = await editor(users.owner.token);
      const other = await editor(users.owner.token);
      const dropped = nextEvent(socket, 'disconnect');
      socket.emit('message', { ...schemeMessage(layout.id, layout.pages[1].id, onePhoto), padding: 'x'.repeat(runtime.config.maxJsonBodyBytes + 10) });
      await dropped;
      expect((await join(other, layout.id)).version).to.be.a('number');
    });
  });
});
