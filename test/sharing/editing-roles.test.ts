// Every editing operation by each role of a shared book, over both transports (issue 50): allowed or refused, and
// nothing changed when refused; a downgrade refuses the next message, a removal closes the member's connections to
// the book (across processes on a PostgreSQL server); an ordered book is frozen for every member.
import { expect } from 'chai';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain } from '../realtime/plain-sockets';
import { connectEditor, nextEvent } from '../realtime/sockets';
import { type BookEditor, editMessage, joinedEditor, type Transport, TRANSPORTS } from '../editing/editors';
import { as, join, newBook, type Person, person, type Role, secondProcess, uploadPhoto } from './world';

type Book = { id: string; pages: { id: string; num: number; type: string; blocks: { id: string; type: string }[] }[] };
type Who = 'owner' | Role;

describe(`a shared book's editing channel by role (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  /** A second process on the same database server (PostgreSQL only): removal reaches its connections too. */
  let second: Awaited<ReturnType<typeof secondProcess>>;
  let products: number[];
  const people = {} as Record<Who | 'stranger', Person>;
  const photos = {} as Record<Who, number>;
  const editors: BookEditor[] = [];
  const versionOf = async (layoutId: string) =>
    (await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [layoutId])).rows[0].version;
  const editor = async (transport: Transport, who: Who | 'stranger', layoutId: string, url = server.url) => {
    const made = await joinedEditor(transport, url, people[who].token, layoutId);
    editors.push(made);
    return made;
  };
  const sharedBook = async (): Promise<Book> => {
    const book = await newBook(server, people.owner, products[0]) as Book;
    for (const role of ['editor', 'contributor', 'viewer'] as const) await join(server, people.owner, book.id, people[role], role);
    return book;
  };

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test', SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    server = await testServer(runtime);
    for (const who of ['owner', 'editor', 'contributor', 'viewer', 'stranger'] as const) people[who] = await person(runtime, `${who}@example.com`);
    for (const who of ['owner', 'editor', 'contributor', 'viewer'] as const) photos[who] = await uploadPhoto(server, runtime, people[who]);
    second = await secondProcess(runtime, server);
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(() => second.stopAll());

  // Which role may send each operation: the owner all; an editor all but finishing; a contributor their own photos.
  const MATRIX: { name: string; allowed: Who[]; message: (book: Book, who: Who) => object }[] = [
    { name: 'layout/add_photos (own photo)', allowed: ['owner', 'editor', 'contributor'],
      message: (book, who) => editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: [photos[who]] }) },
    { name: 'page/add', allowed: ['owner', 'editor'], message: (book) => editMessage('page', 'add', book.id, book.pages.find((page) => page.num === 1)!.id) },
    { name: 'block/text', allowed: ['owner', 'editor'], message: (book, who) => editMessage('block', 'text', book.id,
      book.pages.flatMap((page) => page.blocks).find((block) => block.type === 'TEXT')!.id, { text: `by ${who}` }) },
    { name: 'layout/undo', allowed: ['owner', 'editor'], message: (book) => editMessage('layout', 'undo', book.id, undefined) },
    { name: 'layout/remove_photos (own photo)', allowed: ['owner', 'editor', 'contributor'],
      message: (book, who) => editMessage('layout', 'remove_photos', book.id, undefined, { photo_ids: [photos[who]] }) },
    { name: 'layout/finish', allowed: ['owner'], message: (book) => editMessage('layout', 'finish', book.id, undefined) },
  ];

  for (const transport of TRANSPORTS) {
    for (const who of ['owner', 'editor', 'contributor', 'viewer'] as const) {
      it(`answers each operation by the ${who} over ${transport}: applied, or refused with nothing changed`, async () => {
        const book = await sharedBook();
        const session = await editor(transport, who, book.id);
        for (const row of MATRIX) {
          const before = await versionOf(book.id);
          const ack = await session.ask(row.message(book, who));
          if (row.allowed.includes(who)) {
            expect(ack.error, `${row.name}: ${JSON.stringify(ack.error)}`).to.equal(undefined);
          } else {
            expect(ack.error?.code, row.name).to.equal('forbidden');
            expect(await versionOf(book.id), row.name).to.equal(before);
          }
        }
      });
    }

    it(`keeps the owner's photos and other books from members over ${transport}`, async () => {
      const book = await sharedBook();
      const other = await newBook(server, people.owner, products[0]) as Book;
      const session = await editor(transport, 'editor', book.id);
      const before = await versionOf(book.id);
      const ack = await session.ask(editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: [photos.owner] }));
      expect(ack.error?.code).to.equal('not_found');
      expect(await versionOf(book.id)).to.equal(before);
      const elsewhere = await session.ask(editMessage('page', 'add', other.id, other.pages.find((page) => page.num === 1)!.id));
      expect(elsewhere.error?.code).to.equal('not_found');
      expect(await versionOf(other.id)).to.equal(0);
      const stranger = await connectEditor(server.url, { token: people.editor.token });
      expect(await stranger.emitWithAck('join', { layout_id: other.id })).to.deep.include({ error: { code: 'not_found', message: 'Layout not found.' } });
      stranger.close();
    });

    it(`refuses a downgraded member's next message over ${transport}`, async () => {
      const book = await sharedBook();
      const session = await editor(transport, 'editor', book.id);
      const page = book.pages.find((item) => item.num === 1)!.id;
      expect((await session.ask(editMessage('page', 'add', book.id, page))).error).to.equal(undefined);
      expect((await as(server, people.owner.auth).patch(`/api/ua/layout/${book.id}/members/${people.editor.id}/`, { role: 'viewer' })).status).to.equal(200);
      const before = await versionOf(book.id);
      expect((await session.ask(editMessage('page', 'add', book.id, page))).error?.code).to.equal('forbidden');
      expect(await versionOf(book.id)).to.equal(before);
    });

    it(`freezes an ordered book for every member over ${transport}`, async () => {
      const book = await sharedBook();
      const session = await editor(transport, 'editor', book.id);
      await runtime.db.sql.query("UPDATE layouts SET status = 'IN_WORK' WHERE id = $1", [book.id]);
      const before = await versionOf(book.id);
      expect((await session.ask(editMessage('page', 'add', book.id, book.pages.find((item) => item.num === 1)!.id))).error?.code).to.equal('forbidden');
      expect(await versionOf(book.id)).to.equal(before);
    });
  }

  it('lets an editor place a contributor\'s photo the book lists, shown to every member through the book\'s links', async () => {
    const book = await sharedBook();
    const cora = await editor('plain', 'contributor', book.id);
    expect((await cora.ask(editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: [photos.contributor] }))).error).to.equal(undefined);
    const eddie = await editor('socket.io', 'editor', book.id);
    const block = book.pages.find((page) => page.type === 'PAGE')!.blocks.find((item) => item.type === 'PHOTO')!.id;
    const placed = await eddie.ask(editMessage('block', 'set', book.id, block, { photo_id: photos.contributor }));
    expect(placed.error, JSON.stringify(placed.error)).to.equal(undefined);
    for (const reader of ['owner', 'viewer'] as const) {
      const read = await as(server, people[reader].auth).get(`/api/ua/layout/${book.id}/`);
      const listed = (read.body.photos as { id: number; url: string }[]).find((photo) => photo.id === photos.contributor);
      expect(listed?.url, reader).to.be.a('string');
    }
    // The photo stays the contributor's: they take it out, and its frame empties.
    expect((await cora.ask(editMessage('layout', 'remove_photos', book.id, undefined, { photo_ids: [photos.contributor] }))).error).to.equal(undefined);
    const after = await as(server, people.owner.auth).get(`/api/ua/layout/${book.id}/`);
    const frame = (after.body.pages as Book['pages']).flatMap((page) => page.blocks).find((item) => item.id === block) as { content?: { photo?: unknown } };
    expect(frame.content?.photo).to.equal(undefined);
  });

  it('closes a removed member\'s connections to the book at once, on both transports and in every process', async () => {
    const book = await sharedBook();
    const url = second.url;
    const socket = await connectEditor(url, { token: people.contributor.token });
    await socket.emitWithAck('join', { layout_id: book.id });
    const plain = await connectPlain(url, people.contributor.token);
    await plain.ask({ transaction_id: 'join-1', object: 'layout', action: 'join', params: { layout_id: book.id } });
    const ended = nextEvent<{ code: string }>(socket, 'session:ended');
    const closed = new Promise<number>((resolve) => plain.socket.once('close', (code) => resolve(code)));
    expect((await as(server, people.owner.auth).delete(`/api/ua/layout/${book.id}/members/${people.contributor.id}/`)).status).to.equal(204);
    expect((await ended).code).to.equal('membership_ended');
    expect(await closed).to.equal(4403);
    socket.close();
  });
});
