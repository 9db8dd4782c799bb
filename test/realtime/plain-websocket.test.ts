import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { WebSocket } from 'ws';
import { createValidator, type Validator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain, type Frame, type PlainEditor, plainUrl } from './plain-sockets';
import { connectEditor, type EditorSocket, nextEvent, schemeMessage } from './sockets';

interface LayoutView { id: string; version: number; pages: { id: string }[] }

const EVENTS_PER_SECOND = 100;
const PING_INTERVAL_MS = 200;

describe(`the editing channel over a plain WebSocket (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let validator: Validator;
  let users: LayoutTestUsers;
  let layout: LayoutView;
  let scheme: number;
  let otherScheme: number;
  const plainEditors: PlainEditor[] = [];
  const socketIoEditors: EditorSocket[] = [];

  const plain = async (token = users.owner.token, options = {}) => {
    const editor = await connectPlain(server.url, token, options);
    plainEditors.push(editor);
    return editor;
  };
  const socketIo = async (token = users.owner.token) => {
    const socket = await connectEditor(server.url, { token });
    socketIoEditors.push(socket);
    return socket;
  };
  /** Holds the users table locked, so that token checks wait, until the returned function is called. */
  const holdUsersTable = () => new Promise<() => void>((resolve) => {
    void runtime.db.transaction(async (tx) => {
      await tx.sql.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      await new Promise<void>((done) => resolve(done));
    });
  });
  const posterList = (transactionId: string = randomUUID()) => ({ transaction_id: transactionId, object: 'poster', action: 'list' });
  /** What the tests below may have changed: the layout row, its pages' schemes and its applied transactions. */
  const layoutState = async () => (await runtime.db.sql.query<{ version: number; status: string; schemes: number[]; transactions: number }>(
    `SELECT l.version, l.status, (SELECT json_agg(p.template_id ORDER BY p.num) FROM layout_pages p WHERE p.layout_id = l.id) AS schemes,
            (SELECT count(*)::int FROM layout_transactions t WHERE t.layout_id = l.id) AS transactions
     FROM layouts l WHERE l.id = $1`, [layout.id])).rows[0];

  before(async () => {
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: String(EVENTS_PER_SECOND), WEBSOCKET_PING_INTERVAL_MS: String(PING_INTERVAL_MS) });
    const { products } = await seedLayoutCatalog(runtime);
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    validator = createValidator(runtime.schemas);
    layout = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
    [scheme, otherScheme] = (await request(server.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body.map((row: { id: number }) => row.id);
  });
  afterEach(() => {
    for (const editor of plainEditors.splice(0)) editor.socket.close();
    for (const socket of socketIoEditors.splice(0)) socket.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  describe('authentication', () => {
    it('refuses no token and a bad one with close code 4401 and a reason', async () => {
      for (const [token, reason] of [
        [undefined, 'Authentication credentials were not provided.'], ['null', 'Authentication credentials were not provided.'],
        ['garbage', 'Invalid token.'], [`${users.owner.token}x`, 'Invalid token.'],
      ] as const) {
        const refused = await connectPlain(server.url, token);
        expect(await refused.closed, String(token)).to.deep.equal({ code: 4401, reason });
      }
    });

    it('accepts a user\'s token in ?jwt=, with or without its scheme, and a visitor\'s', async () => {
      const visitor = (await request(server.url).post('/auth/autoreg/')).body.token as string;
      for (const token of [users.owner.token, `Bearer ${users.owner.token}`, visitor]) {
        const editor = await plain(token);
        expect(await editor.ask(posterList('first'))).to.deep.equal({ transaction_id: 'first', response_data: { data: [] } });
      }
    });

    it('closes a user\'s connections with 4401 when they log out', async () => {
      const user = await runtime.users.create({ email: 'plain-leaver@example.com', role: 'user' });
      const editor = await plain(runtime.tokens.issue(user));
      await request(server.url).post('/api/auth/logout/').set('Authorization', `Bearer ${runtime.tokens.issue(user)}`).expect(200);
      expect(await editor.closed).to.deep.equal({ code: 4401, reason: 'Logged out.' });
    });

    it('answers 404 to an upgrade at any other path, beside Socket.IO', async () => {
      const socket = new WebSocket(plainUrl(server.url).replace('/ws', '/wss'));
      const status = await new Promise((resolve) => socket.on('unexpected-response', (_request, response) => resolve(response.statusCode)));
      socket.on('error', () => undefined);
      expect(status).to.equal(404);
      expect((await socketIo()).connected).to.equal(true);
    });

    it('completes an upgrade whose token check waits longer than Socket.IO\'s engine would keep a foreign upgrade', async () => {
      // The engine ends an upgrade it does not serve after a second unless told not to; the users table is held
      // locked past that, so the token check cannot finish before.
      const release = await holdUsersTable();
      const connecting = plain();
      setTimeout(() => release(), 1500);
      expect(await (await connecting).ask(posterList('late'))).to.deep.equal({ transaction_id: 'late', response_data: { data: [] } });
    });
  });

  describe('a client that goes away during the token check', () => {
    it('leaves the process serving: the reset socket is dropped, not thrown', async () => {
      const release = await holdUsersTable();
      const leaving = new WebSocket(plainUrl(server.url, users.owner.token));
      leaving.on('error', () => undefined);
      // Once the upgrade request is out, the client resets the connection while the server checks its token.
      await new Promise((resolve) => setTimeout(resolve, 300));
      (leaving as unknown as { _req: { socket: { resetAndDestroy(): void } } })._req.socket.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await request(server.url).get('/healthz')).status).to.equal(200);
      expect(await (await plain()).ask(posterList('after'))).to.deep.equal({ transaction_id: 'after', response_data: { data: [] } });
    });
  });

  describe('messages', () => {
    it('sets a scheme: committed before its answer; a replay answers the same and changes nothing; another message under the id conflicts', async () => {
      const editor = await plain();
      const message = schemeMessage(layout.id, layout.pages[1].id, scheme);
      const before = await layoutState();
      const answer = await editor.ask(message);
      expect(validator.errorsOf('layout-ack.json', answer)).to.equal(null);
      expect(answer.version).to.equal(before.version + 1);
      const after = await layoutState();
      expect(after.schemes[1]).to.equal(scheme);
      expect(await editor.ask(message)).to.deep.equal(answer);
      expect(await (await plain()).ask(message)).to.deep.equal(answer);
      const conflict = await editor.ask({ ...message, payload: { id: otherScheme } });
      expect(conflict).to.deep.equal({
        transaction_id: message.transaction_id, error: { code: 'transaction_conflict', message: 'This transaction_id was already used for another message.' },
      });
      expect(await layoutState()).to.deep.equal(after);
    });

    it('accepts the front end\'s keys: object_type, and request_data holding the params with the payload inside', async () => {
      const editor = await plain();
      const seedShape = schemeMessage(layout.id, layout.pages[2].id, otherScheme);
      const frontEndShape = {
        transaction_id: seedShape.transaction_id, object_type: 'page', action: 'set', request_data: { ...seedShape.params, payload: seedShape.payload },
      };
      const answer = await editor.ask(frontEndShape);
      expect(validator.errorsOf('layout-ack.json', answer)).to.equal(null);
      expect((await layoutState()).schemes[2]).to.equal(otherScheme);
      expect(await editor.ask(seedShape), 'the same message in the other spelling is a replay').to.deep.equal(answer);
      const posters = await editor.ask({ object_type: 'poster', action: 'list', transaction_id: 'front-end-1' });
      expect(validator.errorsOf('poster-list-ack.json', posters)).to.equal(null);
      expect(posters).to.deep.equal({ transaction_id: 'front-end-1', response_data: { data: [] } });
    });

    it('answers invalid_message to unknown objects and actions, mixed spellings and bad params, and changes nothing', async () => {
      const editor = await plain();
      const before = await layoutState();
      const valid = schemeMessage(layout.id, layout.pages[3].id, scheme);
      for (const message of [
        { ...valid, object: 'poster', action: 'delete' }, { ...valid, object: 'block' }, { ...valid, action: 'remove' },
        { transaction_id: randomUUID(), object_type: 'constructor', action: 'list' }, { ...posterList(), object_type: 'poster' },
        { ...valid, object_type: 'page' }, { transaction_id: valid.transaction_id, object_type: 'page', action: 'set', request_data: 'x' },
        { ...posterList(), extra: 1 }, { ...valid, params: { layout_id: layout.id } },
      ]) {
        const answer = await editor.ask(message);
        expect(answer.error, JSON.stringify(message)).to.include({ code: 'invalid_message' });
        expect(validator.errorsOf('layout-ack.json', answer)).to.equal(null);
      }
      expect(await layoutState()).to.deep.equal(before);
    });

    it('answers not_found to a stranger\'s edit and forbidden to a moderator\'s, and changes nothing', async () => {
      const before = await layoutState();
      const stranger = await plain(users.other.token);
      expect(((await stranger.ask(schemeMessage(layout.id, layout.pages[8].id, otherScheme))).error as { code: string }).code).to.equal('not_found');
      const moderator = await plain(users.moderator.token);
      expect(((await moderator.ask(schemeMessage(layout.id, layout.pages[8].id, otherScheme))).error as { code: string }).code).to.equal('forbidden');
      expect(await layoutState()).to.deep.equal(before);
    });

    it('refuses edits of a layout in an order or in the bin, as on Socket.IO', async () => {
      const editor = await plain();
      for (const status of ['IN_WORK', 'DELETED']) {
        await runtime.db.sql.query('UPDATE layouts SET status = $2 WHERE id = $1', [layout.id, status]);
        const before = await layoutState();
        const answer = await editor.ask(schemeMessage(layout.id, layout.pages[4].id, scheme));
        expect((answer.error as { code: string }).code, status).to.equal('forbidden');
        expect(await layoutState()).to.deep.equal(before);
      }
      await runtime.db.sql.query("UPDATE layouts SET status = 'OPEN' WHERE id = $1", [layout.id]);
    });
  });

  describe('bad frames', () => {
    it('answers malformed JSON, binary frames and JSON that is not an object with an error frame, and stays open', async () => {
      const editor = await plain();
      editor.send('{"object": "poster",');
      expect(await editor.next()).to.deep.equal({ transaction_id: null, error: { code: 'invalid_message', message: 'The frame is not valid JSON.' } });
      // Valid JSON of a valid request, but in a binary frame.
      editor.send(Buffer.from(JSON.stringify(posterList('binary'))));
      expect(await editor.next()).to.deep.equal({
        transaction_id: null, error: { code: 'invalid_message', message: 'Binary frames are not accepted: send JSON in a text frame.' },
      });
      for (const notAnObject of ['5', '[]', '"poster"', 'null']) {
        editor.send(notAnObject);
        expect(((await editor.next()).error as { code: string }).code, notAnObject).to.equal('invalid_message');
      }
      expect(await editor.ask(posterList('still-open'))).to.deep.equal({ transaction_id: 'still-open', response_data: { data: [] } });
    });

    it('closes a connection that sends a frame over MAX_JSON_BODY_BYTES (1009), and serves the others', async () => {
      const [sender, other] = [await plain(), await plain()];
      const before = await layoutState();
      sender.send({ ...schemeMessage(layout.id, layout.pages[5].id, scheme), padding: 'x'.repeat(runtime.config.maxJsonBodyBytes) });
      expect((await sender.closed).code).to.equal(1009);
      expect(await other.ask(posterList('other'))).to.deep.equal({ transaction_id: 'other', response_data: { data: [] } });
      expect(await layoutState()).to.deep.equal(before);
    });

    it('answers rate_limited past SOCKET_EVENTS_PER_SECOND, each frame exactly once', async () => {
      const editor = await plain();
      const ids = Array.from({ length: EVENTS_PER_SECOND * 3 }, () => randomUUID());
      for (const id of ids) editor.send(posterList(id));
      const answers = await Promise.all(ids.map((id) => editor.next((frame) => frame.transaction_id === id)));
      const limited = answers.filter((answer) => (answer.error as { code?: string } | undefined)?.code === 'rate_limited');
      expect(limited.length).to.be.greaterThan(0).and.lessThan(ids.length);
      expect(editor.events()).to.deep.equal([]);
    });
    it('counts unreadable frames against SOCKET_EVENTS_PER_SECOND too: past it they are answered rate_limited, each once', async () => {
      const editor = await plain();
      const frames = Array.from({ length: EVENTS_PER_SECOND * 3 }, (_, index) => (index % 2 ? 'x' : Buffer.from('x')));
      for (const frame of frames) editor.send(frame);
      const answers = await Promise.all(frames.map(() => editor.next()));
      const codes = answers.map((answer) => (answer.error as { code: string }).code);
      expect(codes.filter((code) => code === 'rate_limited').length).to.be.greaterThan(0);
      expect(codes.filter((code) => code === 'invalid_message').length).to.be.greaterThan(0);
      expect(codes.every((code) => code === 'rate_limited' || code === 'invalid_message')).to.equal(true);
      expect(answers).to.deep.include({ transaction_id: null, error: { code: 'invalid_message', message: 'The frame is not valid JSON.' } });
      // Nothing more was answered: once the bucket has refilled, the next frame is the answer to the next request.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      editor.send(posterList('after'));
      expect(await editor.next()).to.deep.equal({ transaction_id: 'after', response_data: { data: [] } });
    });
  });

  describe('rooms', () => {
    it('joins a layout\'s room by message and pushes others\' changes, from either transport, to both', async () => {
      const [watcher, sender] = [await plain(), await plain()];
      const socketIoWatcher = await socketIo();
      const joined = await watcher.ask({ transaction_id: 'join-1', object: 'layout', action: 'join', params: { layout_id: layout.id } });
      expect(joined).to.have.keys('transaction_id', 'layout', 'version');
      expect(validator.errorsOf('layout.json', joined.layout)).to.equal(null);
      await sender.ask({ transaction_id: 'join-2', object: 'layout', action: 'join', params: { layout_id: layout.id } });
      await socketIoWatcher.emitWithAck('join', { layout_id: layout.id });

      const toSocketIo = nextEvent(socketIoWatcher, 'layout:changed');
      const ack = await sender.ask(schemeMessage(layout.id, layout.pages[6].id, scheme));
      const pushed = await watcher.next((frame) => frame.event === 'layout:changed');
      expect(pushed).to.deep.equal({ event: 'layout:changed', data: { layout_id: layout.id, version: ack.version, page: (ack.response_data as Frame).data } });
      expect(validator.errorsOf('layout-changed.json', pushed.data)).to.equal(null);
      expect(await toSocketIo).to.deep.equal(pushed.data);

      const fromSocketIo = await socketIoWatcher.emitWithAck('message', schemeMessage(layout.id, layout.pages[6].id, otherScheme));
      expect((await watcher.next((frame) => frame.event === 'layout:changed')).data).to.include({ version: fromSocketIo.version });
      // A round trip: a change told back to its sender would have arrived before this answer.
      await sender.ask(posterList('flush'));
      expect(sender.events().map((event) => (event.data as { version: number }).version)).to.deep.equal([fromSocketIo.version]);
    });

    it('answers a join of someone else\'s layout not_found, never tells them its changes, and answers a bad join invalid_message', async () => {
      const stranger = await plain(users.other.token);
      expect(await stranger.ask({ transaction_id: 'j', object: 'layout', action: 'join', params: { layout_id: layout.id } }))
        .to.deep.equal({ transaction_id: 'j', error: { code: 'not_found', message: 'Layout not found.' } });
      const owner = await plain();
      await owner.ask(schemeMessage(layout.id, layout.pages[7].id, scheme));
      await owner.ask(schemeMessage(layout.id, layout.pages[7].id, otherScheme));
      // A round trip after the changes: an event sent to the stranger would have arrived before this answer.
      await stranger.ask(posterList('flush'));
      expect(stranger.events()).to.deep.equal([]);
      expect(((await stranger.ask({ transaction_id: 'k', object_type: 'layout', action: 'join', request_data: { layout_id: 'x' } })).error as { code: string }).code)
        .to.equal('invalid_message');
    });
  });

  describe('liveness', () => {
    it('pings idle connections, which stay open, and drops one that stops answering pings', async () => {
      const idle = await plain();
      const pings = await new Promise<number>((resolve) => {
        let count = 0;
        idle.socket.on('ping', () => (count += 1) === 3 && resolve(count));
      });
      expect(pings).to.equal(3);
      const silent = await plain(users.owner.token, { autoPong: false });
      expect((await silent.closed).code).to.equal(1006);
      expect(await idle.ask(posterList('alive'))).to.deep.equal({ transaction_id: 'alive', response_data: { data: [] } });
    });

    it('closes its connections with 1001 when the server stops, and the stop is clean', async () => {
      const editor = await plain();
      const stopped = await server.stop();
      expect(await editor.closed).to.deep.equal({ code: 1001, reason: 'The server is shutting down.' });
      expect(stopped).to.equal(true);
    });
  });
});
