// A connection's requests waiting for their answers are bounded (security review 4, finding 12): a client that keeps
// sending at the allowed rate while the service answers slower than that is closed, as a reader too slow for its
// answers is, instead of holding ever more of the process's memory.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain, type PlainEditor } from './plain-sockets';
import { connectEditor, nextEvent } from './sockets';

const EVENTS_PER_SECOND = 10;
/** Twice the rate: what may wait (editing-requests.ts). */
const MAX_WAITING = 2 * EVENTS_PER_SECOND;

describe(`requests waiting for their answers, bounded per connection (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let layoutId: string;

  /** Holds the users table locked, so that every request's account check waits, until the returned function is called. */
  const holdUsersTable = () => new Promise<() => void>((resolve) => {
    void runtime.db.transaction(async (tx) => {
      await tx.sql.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      await new Promise<void>((done) => resolve(done));
    });
  });
  /** Sends a full burst of joins each time the rate allows one, until `count` were sent. */
  const joinsAtTheRate = async (send: () => void, count: number) => {
    for (let sent = 0; sent < count; sent += EVENTS_PER_SECOND) {
      for (let index = 0; index < EVENTS_PER_SECOND; index += 1) send();
      // The bucket refills a whole burst in a second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
  };

  before(async () => {
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: String(EVENTS_PER_SECOND), EDITING_LOCK_TIMEOUT_MS: '60000' });
    const { products } = await seedLayoutCatalog(runtime);
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    layoutId = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body.id;
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('closes a plain WebSocket with 4408 once more than twice its rate of requests wait', async function () {
    this.timeout(30_000);
    const editor: PlainEditor = await connectPlain(server.url, users.owner.token);
    const sent = MAX_WAITING + EVENTS_PER_SECOND;
    const join = () => editor.send({ transaction_id: randomUUID(), object: 'layout', action: 'join', params: { layout_id: layoutId } });
    const release = await holdUsersTable();
    try {
      await joinsAtTheRate(join, sent);
    } finally {
      release();
    }
    // Unbounded, every join would be answered once the table is free.
    let answers = 0;
    const answered = new Promise((resolve) => editor.socket.on('message', () => (answers += 1) === sent && resolve('all answered')));
    expect(await Promise.race([editor.closed, answered]))
      .to.deep.equal({ code: 4408, reason: 'Too many requests waiting for their answers: wait for answers before sending more.' });
  });

  it('ends a Socket.IO connection the same way, telling it why', async function () {
    this.timeout(30_000);
    const socket = await connectEditor(server.url, { token: users.owner.token });
    const ended = nextEvent(socket, 'session:ended');
    const acks: Promise<unknown>[] = [];
    const release = await holdUsersTable();
    try {
      await joinsAtTheRate(() => acks.push(socket.emitWithAck('join', { layout_id: layoutId }).catch(() => 'disconnected')), MAX_WAITING + EVENTS_PER_SECOND);
    } finally {
      release();
    }
    const answered = Promise.all(acks).then(() => 'all answered');
    try {
      expect(await Promise.race([ended, answered]))
        .to.deep.equal({ code: 'too_many_waiting', message: 'Too many requests waiting for their answers: wait for answers before sending more.' });
    } finally {
      socket.close();
    }
  });

  it('keeps a client that waits for its answers, however many it sends over time', async function () {
    this.timeout(30_000);
    const editor = await connectPlain(server.url, users.owner.token);
    for (let round = 0; round < 3; round += 1) {
      const asked = Array.from({ length: EVENTS_PER_SECOND }, () =>
        editor.ask({ transaction_id: randomUUID(), object: 'layout', action: 'join', params: { layout_id: layoutId } }));
      for (const answer of await Promise.all(asked)) expect((answer as { error?: unknown }).error).to.equal(undefined);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    editor.socket.close();
  });
});
