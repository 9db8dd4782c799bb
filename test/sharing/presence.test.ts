// Presence and soft locks in a shared book (issue 50), over both transports and, on a PostgreSQL server, across two
// processes: who is where, told to every connection of the book; a gone member dropped; blocks held, refused
// (locked, naming the holder), expired, released on unlock and on disconnect.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain } from '../realtime/plain-sockets';
import { connectEditor } from '../realtime/sockets';
import { type Ack, editMessage, type Transport } from '../editing/editors';
import { join, newBook, type Person, person, secondProcess } from './world';

type Presence = { layout_id: string; members: { user_id: number; name: string; colour: string; page_id: string | null; block_id: string | null; locks: string[] }[] };
type Book = { id: string; pages: { id: string; num: number; type: string; blocks: { id: string; type: string }[] }[] };

interface Member {
  ask(message: object): Promise<Ack>;
  presences: Presence[];
  /** Resolves with the first presence heard from now on (or already heard since `since`) that passes the check. */
  until(check: (presence: Presence) => boolean, timeoutMs?: number): Promise<Presence>;
  close(): void;
}

async function member(transport: Transport, url: string, token: string, layoutId: string): Promise<Member> {
  const presences: Presence[] = [];
  let ask: (message: object) => Promise<Ack>;
  let close: () => void;
  if (transport === 'socket.io') {
    const socket = await connectEditor(url, { token });
    socket.on('presence', (presence: Presence) => presences.push(presence));
    await socket.emitWithAck('join', { layout_id: layoutId });
    ask = (message) => socket.emitWithAck('message', message) as Promise<Ack>;
    close = () => socket.close();
  } else {
    const plain = await connectPlain(url, token);
    plain.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { event?: string; data?: Presence };
      if (frame.event === 'presence') presences.push(frame.data!);
    });
    await plain.ask({ transaction_id: randomUUID(), object: 'layout', action: 'join', params: { layout_id: layoutId } });
    ask = (message) => plain.ask(message as { transaction_id: string }) as unknown as Promise<Ack>;
    close = () => plain.socket.close();
  }
  const until = (check: (presence: Presence) => boolean, timeoutMs = 8000) => new Promise<Presence>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const found = [...presences].reverse().find(check);
      if (found && check(presences[presences.length - 1])) return resolve(presences[presences.length - 1]);
      if (Date.now() - started > timeoutMs) return reject(new Error(`no such presence within ${timeoutMs} ms: ${JSON.stringify(presences.at(-1))}`));
      setTimeout(poll, 20);
    };
    poll();
  });
  return { ask, presences, until, close };
}

const presenceSet = (layoutId: string, pageId: string | null, blockId?: string) =>
  ({ transaction_id: randomUUID(), object: 'presence', action: 'set', params: { layout_id: layoutId }, payload: { page_id: pageId, ...(blockId ? { block_id: blockId } : {}) } });
const lockMessage = (action: 'lock' | 'unlock', layoutId: string, blockId: string) =>
  ({ transaction_id: randomUUID(), object: 'block', action, params: { layout_id: layoutId, id: blockId }, payload: {} });

describe(`presence and soft locks in a shared book (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let second: Awaited<ReturnType<typeof secondProcess>>;
  let products: number[];
  let owner: Person; let editor: Person; let viewer: Person;
  const opened: Member[] = [];
  /** The editor's process: the second one on a database server. */
  const elsewhere = () => second.url;
  const open = async (transport: Transport, url: string, who: Person, layoutId: string) => {
    const made = await member(transport, url, who.token, layoutId);
    opened.push(made);
    return made;
  };
  const sharedBook = async (): Promise<Book & { text: string; page: string }> => {
    const book = await newBook(server, owner, products[0]) as Book;
    await join(server, owner, book.id, editor, 'editor');
    await join(server, owner, book.id, viewer, 'viewer');
    const page = book.pages.find((item) => item.type === 'PAGE')!;
    return { ...book, page: page.id, text: book.pages.flatMap((item) => item.blocks).find((block) => block.type === 'TEXT')!.id };
  };
  const textBy = (book: Book & { text: string }, who: string) => editMessage('block', 'text', book.id, book.text, { text: `by ${who}` });

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test', SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    server = await testServer(runtime);
    owner = await person(runtime, 'owner@example.com', 'Olga');
    editor = await person(runtime, 'editor@example.com', 'Eddie');
    viewer = await person(runtime, 'viewer@example.com', 'Vera');
    second = await secondProcess(runtime, server);
  });
  afterEach(() => {
    for (const made of opened.splice(0)) made.close();
  });
  after(() => second.stopAll());

  for (const [ownerTransport, editorTransport] of [['socket.io', 'plain'], ['plain', 'socket.io']] as const) {
    it(`tells each member who is in the book and where, and drops one who left (${ownerTransport} and ${editorTransport})`, async () => {
      const book = await sharedBook();
      const olga = await open(ownerTransport, server.url, owner, book.id);
      const eddie = await open(editorTransport, elsewhere(), editor, book.id);
      await olga.until((presence) => presence.members.some((item) => item.user_id === editor.id));
      const set = await eddie.ask(presenceSet(book.id, book.page, book.text));
      expect(set.error).to.equal(undefined);
      const seen = await olga.until((presence) => presence.members.some((item) => item.user_id === editor.id && item.page_id === book.page));
      expect(seen.layout_id).to.equal(book.id);
      expect(seen.members.find((item) => item.user_id === editor.id)).to.deep.include({ name: 'Eddie', page_id: book.page, block_id: book.text, locks: [] });
      expect(seen.members.find((item) => item.user_id === owner.id)).to.deep.include({ name: 'Olga' });
      await eddie.until((presence) => presence.members.some((item) => item.user_id === owner.id));
      eddie.close();
      await olga.until((presence) => !presence.members.some((item) => item.user_id === editor.id), 5000);
    });
  }

  it('refuses presence of a connection that has not joined the book, and too many presence/set a second', async () => {
    const book = await sharedBook();
    const other = await newBook(server, owner, products[0]);
    const eddie = await open('socket.io', server.url, editor, book.id);
    expect((await eddie.ask(presenceSet(other.id, null))).error?.code).to.equal('not_found');
    const answers = await Promise.all(Array.from({ length: 8 }, () => eddie.ask(presenceSet(book.id, book.page))));
    expect(answers.filter((answer) => answer.error?.code === 'rate_limited').length).to.be.at.least(1);
    expect((await eddie.ask({ ...presenceSet(book.id, book.page), payload: { page_id: 'nope' } })).error?.code).to.equal('invalid_message');
  });

  for (const transport of ['socket.io', 'plain'] as const) {
    it(`holds a block for the editor: the owner's edit of it is refused locked naming the holder, until unlock (${transport})`, async () => {
      const book = await sharedBook();
      const olga = await open(transport, server.url, owner, book.id);
      const eddie = await open(transport === 'plain' ? 'socket.io' : 'plain', elsewhere(), editor, book.id);
      expect((await eddie.ask(lockMessage('lock', book.id, book.text))).error).to.equal(undefined);
      await olga.until((presence) => presence.members.some((item) => item.user_id === editor.id && item.locks.includes(book.text)));
      const version = async () => (await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [book.id])).rows[0].version;
      const before = await version();
      const refused = await olga.ask(textBy(book, 'owner'));
      expect(refused.error?.code).to.equal('locked');
      expect(refused.error).to.deep.include({ holder: { user_id: editor.id, name: 'Eddie' } });
      expect(refused.error?.message).to.include('Eddie');
      expect((await olga.ask(lockMessage('lock', book.id, book.text))).error?.code).to.equal('locked');
      expect(await version()).to.equal(before);
      expect((await eddie.ask(textBy(book, 'editor'))).error).to.equal(undefined);
      expect((await eddie.ask(lockMessage('unlock', book.id, book.text))).error).to.equal(undefined);
      await olga.until((presence) => presence.members.every((item) => item.locks.length === 0));
      expect((await olga.ask(textBy(book, 'owner'))).error).to.equal(undefined);
    });
  }

  it('takes a block implicitly with an edit, releases it when the holder disconnects, and lets no viewer hold one', async () => {
    const book = await sharedBook();
    const olga = await open('socket.io', server.url, owner, book.id);
    const eddie = await open('plain', elsewhere(), editor, book.id);
    const vera = await open('socket.io', server.url, viewer, book.id);
    expect((await vera.ask(lockMessage('lock', book.id, book.text))).error?.code).to.equal('forbidden');
    // A viewer's refused edit holds nothing either.
    expect((await vera.ask(textBy(book, 'viewer'))).error?.code).to.equal('forbidden');
    await new Promise((done) => setTimeout(done, 100));
    expect(olga.presences.at(-1)?.members.every((item) => item.locks.length === 0)).to.equal(true);
    expect((await eddie.ask(textBy(book, 'editor'))).error).to.equal(undefined);
    await olga.until((presence) => presence.members.some((item) => item.user_id === editor.id && item.locks.includes(book.text)));
    expect((await olga.ask(textBy(book, 'owner'))).error?.code).to.equal('locked');
    eddie.close();
    await olga.until((presence) => presence.members.every((item) => item.locks.length === 0), 5000);
    expect((await olga.ask(textBy(book, 'owner'))).error).to.equal(undefined);
  });

  it('lets a lock not renewed expire after 10 s', async function () {
    this.timeout(30_000);
    const book = await sharedBook();
    const olga = await open('plain', server.url, owner, book.id);
    const eddie = await open('socket.io', elsewhere(), editor, book.id);
    expect((await eddie.ask(lockMessage('lock', book.id, book.text))).error).to.equal(undefined);
    // Another process's hold is known once its presence notice arrives (soft locks: milliseconds, not a transaction).
    await olga.until((presence) => presence.members.some((item) => item.locks.includes(book.text)));
    expect((await olga.ask(textBy(book, 'owner'))).error?.code).to.equal('locked');
    await olga.until((presence) => presence.members.every((item) => item.locks.length === 0), 14_000);
    expect((await olga.ask(textBy(book, 'owner'))).error).to.equal(undefined);
  });
});
