// Clients that never read, over both transports: the bytes waiting for them stay under SOCKET_OUTGOING_BUFFER_BYTES
// (the server's own count, photobook_editing_outgoing_bytes) and their connection is closed with 4408; and pongs
// they send of their own accord do not keep them alive. A client "never reads" by pausing its `ws` socket: the
// server's writes then pile up once the kernel's buffers are full.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import type { WebSocket } from 'ws';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain, type PlainEditor } from './plain-sockets';
import { connectEditor } from './sockets';

const OUTGOING_BUFFER_BYTES = 64 * 1024;
/** Enough answers to fill the loopback's kernel buffers (about 4 MB here) many times over, should nothing stop them. */
const MOST_REQUESTS = 3000;
const BATCH = 50;

/** A metric's value for these labels, read now (0 when the series does not exist yet). */
async function metricValue(runtime: TestRuntime, name: string, labels: Record<string, string> = {}): Promise<number> {
  const { values } = await runtime.metrics.register.getSingleMetric(name)!.get();
  return values.find((value) => Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted))?.value ?? 0;
}

/** Resolves once the condition holds, or after `patience` ms (the assertions that follow then tell). */
async function eventually(condition: () => Promise<boolean>, patience = 10_000): Promise<void> {
  const until = Date.now() + patience;
  while (Date.now() < until && !(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The `ws` socket under a Socket.IO client connected over WebSocket. */
const webSocketUnder = (socket: Socket) => (socket.io.engine.transport as unknown as { ws: WebSocket }).ws;

/** Every client's `ws` socket, dropped after each test: a paused client left open would hold up the server's stop. */
const clients: WebSocket[] = [];
const dropClients = () => clients.splice(0).forEach((client) => client.terminate());
const plainClient = async (url: string, token: string) => {
  const editor = await connectPlain(url, token);
  clients.push(editor.socket);
  return editor;
};
const socketIoClient = async (url: string, token: string) => {
  const socket = await connectEditor(url, { token });
  clients.push(webSocketUnder(socket));
  return { socket, webSocket: webSocketUnder(socket) };
};

describe(`editing clients that never read (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let layoutId: string;

  before(async () => {
    // Pings far apart: a paused client here is dropped for its buffer, not for a ping it cannot read.
    runtime = await testRuntime({
      SOCKET_OUTGOING_BUFFER_BYTES: String(OUTGOING_BUFFER_BYTES), SOCKET_EVENTS_PER_SECOND: '100000', USER_EVENTS_PER_SECOND: '100000',
      WEBSOCKET_PING_INTERVAL_MS: '600000',
    });
    const { products } = await seedLayoutCatalog(runtime);
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    layoutId = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body.id;
  });
  afterEach(dropClients);
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  const slowReadersDropped = () => metricValue(runtime, 'photobook_editing_connections_dropped_total', { reason: 'slow_reader' });

  /**
   * Sends joins (each answered with the whole layout) in batches, each answered by the server before the next, until
   * the server drops the connection as a slow reader or MOST_REQUESTS were sent. The most bytes the server held for
   * its connections at the end of a batch, and how many requests were sent.
   */
  const flood = async (sendJoin: (id: string) => void) => {
    // What an earlier test left (its client gone) is let go first: the bytes counted below are this client's.
    await eventually(async () => await metricValue(runtime, 'photobook_editing_outgoing_bytes') === 0);
    const dropped = await slowReadersDropped();
    const drops = async () => await slowReadersDropped() - dropped;
    const answered = await metricValue(runtime, 'photobook_editing_acks_total', { outcome: 'ok' });
    let sent = 0;
    let mostHeld = 0;
    while (sent < MOST_REQUESTS && await drops() === 0) {
      for (let i = 0; i < BATCH; i += 1) sendJoin(`flood-${(sent += 1)}`);
      // A closed Socket.IO connection's requests are not answered any more.
      await eventually(async () => await metricValue(runtime, 'photobook_editing_acks_total', { outcome: 'ok' }) >= answered + sent || await drops() > 0);
      mostHeld = Math.max(mostHeld, await metricValue(runtime, 'photobook_editing_outgoing_bytes'));
    }
    return { sent, mostHeld, drops: await drops() };
  };

  it('plain WebSocket: holds at most SOCKET_OUTGOING_BUFFER_BYTES and one answer for it, then closes it with 4408', async () => {
    const editor: PlainEditor = await plainClient(server.url, users.owner.token);
    const join = (transactionId: string) => ({ transaction_id: transactionId, object: 'layout', action: 'join', params: { layout_id: layoutId } });
    const answerBytes = Buffer.byteLength(JSON.stringify(await editor.ask(join('sample'))));
    // A client that reads takes a burst of many times the bound and stays.
    const dropped = await slowReadersDropped();
    const burst = await Promise.all(Array.from({ length: BATCH }, (_, i) => editor.ask(join(`burst-${i}`))));
    expect(burst.filter((answer) => 'layout' in answer)).to.have.length(BATCH);
    expect(await slowReadersDropped()).to.equal(dropped);
    let received = 0;
    editor.socket.on('message', () => (received += 1));
    editor.socket.pause();

    const { sent, mostHeld, drops } = await flood((id) => editor.send(join(id)));
    expect(drops, 'connections dropped as slow readers').to.equal(1);
    expect(mostHeld).to.be.at.most(OUTGOING_BUFFER_BYTES + answerBytes + 16);

    editor.socket.resume();
    const closed = await editor.closed;
    expect(closed.code).to.equal(4408);
    expect(closed.reason).to.match(/^Too slow: more than 65536 bytes were waiting to be sent\.$/);
    expect(received).to.be.lessThan(sent);
  });

  it('Socket.IO: holds at most SOCKET_OUTGOING_BUFFER_BYTES and one turn\'s answers for it, then closes it with 4408', async () => {
    const { socket, webSocket } = await socketIoClient(server.url, users.owner.token);
    const answerBytes = Buffer.byteLength(JSON.stringify(await socket.emitWithAck('join', { layout_id: layoutId })));
    const dropped = await slowReadersDropped();
    const burst = await Promise.all(Array.from({ length: BATCH }, () => socket.emitWithAck('join', { layout_id: layoutId }) as Promise<object>));
    expect(burst.filter((answer) => 'layout' in answer)).to.have.length(BATCH);
    expect(await slowReadersDropped()).to.equal(dropped);
    const disconnected = new Promise<{ reason: string; code?: number }>((resolve) => {
      socket.on('disconnect', (reason, details) => resolve({ reason, code: (details as { context?: { code?: number } } | undefined)?.context?.code }));
    });
    webSocket.pause();

    const { mostHeld, drops } = await flood(() => socket.emit('join', { layout_id: layoutId }, () => undefined));
    expect(drops, 'connections dropped as slow readers').to.equal(1);
    // Checked once the turn that queued answers ends: what one turn queued may come on top.
    expect(mostHeld).to.be.at.most(OUTGOING_BUFFER_BYTES + BATCH * (answerBytes + 64));

    webSocket.resume();
    expect(await disconnected).to.deep.equal({ reason: 'transport close', code: 4408 });
  });
});

describe(`editing clients that never read but send pongs (${DATABASE_KIND})`, () => {
  const PING_INTERVAL_MS = 200;
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;

  before(async () => {
    runtime = await testRuntime({ WEBSOCKET_PING_INTERVAL_MS: String(PING_INTERVAL_MS) });
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
  });
  afterEach(dropClients);
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  /** Pauses the socket and sends pongs of its own (and `also`) every few milliseconds until the server drops it. */
  const pongWithoutReading = async (webSocket: WebSocket, also: () => void = () => undefined) => {
    const dropped = await metricValue(runtime, 'photobook_editing_connections_dropped_total', { reason: 'unanswered_ping' });
    webSocket.pause();
    const ponging = setInterval(() => {
      webSocket.pong(randomBytes(8));
      also();
    }, PING_INTERVAL_MS / 4);
    try {
      // Many ping intervals: a connection that pongs keeps living without the check; with it, it is gone after two.
      await eventually(async () => await metricValue(runtime, 'photobook_editing_connections_dropped_total', { reason: 'unanswered_ping' }) > dropped,
        PING_INTERVAL_MS * 25);
    } finally {
      clearInterval(ponging);
    }
    return await metricValue(runtime, 'photobook_editing_connections_dropped_total', { reason: 'unanswered_ping' }) - dropped;
  };

  it('plain WebSocket: drops the connection, because only the pong that echoes the server\'s ping counts', async () => {
    const editor = await plainClient(server.url, users.owner.token);
    expect(await pongWithoutReading(editor.socket)).to.equal(1);
    editor.socket.resume();
    expect((await editor.closed).code).to.equal(1006);
  });

  it('Socket.IO: drops the connection, whatever pongs (WebSocket or engine.io) the client sends', async () => {
    const { socket, webSocket } = await socketIoClient(server.url, users.owner.token);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    // "3" is engine.io's pong packet, which its own heartbeat accepts whenever it comes.
    expect(await pongWithoutReading(webSocket, () => webSocket.send('3'))).to.equal(1);
    webSocket.resume();
    expect(await disconnected).to.equal('transport close');
  });
});
