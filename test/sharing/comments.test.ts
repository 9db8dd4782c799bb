// Comments in a shared book (issue 50): added by any member on the channel (both transports), told to everyone as
// comment, once per transaction id; threads by reply_to; resolved by the owner and editors only; listed over REST to
// members only; bounded text and count; the text kept as plain text.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RunningServer } from '../../src/server';
import { COMMENTS_PER_BOOK } from '../../src/layouts/sharing/comments';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain } from '../realtime/plain-sockets';
import { collect, connectEditor } from '../realtime/sockets';
import type { Ack } from '../editing/editors';
import { as, join, newBook, type Person, person } from './world';

type Comment = { id: number; text: string; user_id: number; reply_to: number | null; resolved: boolean; page_id: string; block_id: string | null };

describe(`comments in a shared book (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let owner: Person; let editor: Person; let viewer: Person; let stranger: Person;
  let book: { id: string; pages: { id: string; type: string; blocks: { id: string }[] }[] };
  let page: string;
  const closers: (() => void)[] = [];
  const add = (layoutId: string, payload: object, transactionId = randomUUID()) =>
    ({ transaction_id: transactionId, object: 'comment', action: 'add', params: { layout_id: layoutId }, payload });
  const resolve = (layoutId: string, commentId: number) =>
    ({ transaction_id: randomUUID(), object: 'comment', action: 'resolve', params: { layout_id: layoutId }, payload: { comment_id: commentId } });
  const countRows = async () => (await runtime.db.sql.query<{ count: number }>('SELECT count(*)::integer AS count FROM layout_comments WHERE layout_id = $1', [book.id])).rows[0].count;

  /** A member joined over Socket.IO, hearing comment events. */
  const socketMember = async (who: Person) => {
    const socket = await connectEditor(server.url, { token: who.token });
    closers.push(() => socket.close());
    const heard = collect<Comment>(socket, 'comment');
    await socket.emitWithAck('join', { layout_id: book.id });
    return { ask: (message: object) => socket.emitWithAck('message', message) as Promise<Ack & { response_data?: Comment }>, heard };
  };
  /** A member joined over the plain WebSocket, hearing comment events. */
  const plainMember = async (who: Person) => {
    const plain = await connectPlain(server.url, who.token);
    closers.push(() => plain.socket.close());
    const heard: Comment[] = [];
    plain.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { event?: string; data?: Comment };
      if (frame.event === 'comment') heard.push(frame.data!);
    });
    await plain.ask({ transaction_id: randomUUID(), object: 'layout', action: 'join', params: { layout_id: book.id } });
    return { ask: (message: object) => plain.ask(message as { transaction_id: string }) as unknown as Promise<Ack & { response_data?: Comment }>, heard };
  };
  const until = async <T>(check: () => T | undefined): Promise<T> => {
    for (let tries = 0; tries < 250; tries += 1) {
      const value = check();
      if (value !== undefined) return value;
      await new Promise((done) => setTimeout(done, 20));
    }
    throw new Error('not heard');
  };

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test' });
    const { products } = await seedLayoutCatalog(runtime);
    server = await testServer(runtime);
    owner = await person(runtime, 'owner@example.com', 'Olga');
    editor = await person(runtime, 'editor@example.com', 'Eddie');
    viewer = await person(runtime, 'viewer@example.com', 'Vera');
    stranger = await person(runtime, 'stranger@example.com');
    book = await newBook(server, owner, products[0]) as typeof book;
    page = book.pages.find((item) => item.type === 'PAGE')!.id;
    await join(server, owner, book.id, editor, 'editor');
    await join(server, owner, book.id, viewer, 'viewer');
  });
  afterEach(() => closers.splice(0).forEach((close) => close()));
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('tells every member a viewer\'s comment and reply over both transports, applying a replay once', async () => {
    const vera = await plainMember(viewer);
    const olga = await socketMember(owner);
    const text = '<script>alert(1)</script> **bold**';
    const message = add(book.id, { page_id: page, text });
    const first = await vera.ask(message);
    expect(first.error).to.equal(undefined);
    expect(first.response_data).to.deep.include({ text, user_id: viewer.id, page_id: page, block_id: null, reply_to: null, resolved: false });
    const heard = await until(() => olga.heard.find((comment) => comment.id === first.response_data!.id));
    expect(heard.text).to.equal(text);
    const rows = await countRows();
    const again = await vera.ask(message);
    expect(again.response_data!.id).to.equal(first.response_data!.id);
    expect(await countRows()).to.equal(rows);
    const reply = await olga.ask(add(book.id, { page_id: page, text: 'Yes!', reply_to: first.response_data!.id }));
    expect(reply.response_data).to.deep.include({ reply_to: first.response_data!.id, user_id: owner.id });
    await until(() => vera.heard.find((comment) => comment.id === reply.response_data!.id));
    const threads = await as(server, viewer.auth).get(`/api/ua/layout/${book.id}/comments/`);
    expect(threads.status).to.equal(200);
    const thread = threads.body.find((item: Comment) => item.id === first.response_data!.id);
    expect(thread.replies.map((item: Comment) => item.id)).to.deep.equal([reply.response_data!.id]);
  });

  it('lets the owner and editors resolve a thread, not a viewer (nothing changed), and tells everyone', async () => {
    const vera = await socketMember(viewer);
    const eddie = await plainMember(editor);
    const comment = (await vera.ask(add(book.id, { page_id: page, block_id: book.pages[1].blocks[0]?.id ?? null, text: 'Swap this photo?' }))).response_data!;
    expect((await vera.ask(resolve(book.id, comment.id))).error?.code).to.equal('forbidden');
    const [row] = (await runtime.db.sql.query<{ resolved_at: Date | null }>('SELECT resolved_at FROM layout_comments WHERE id = $1', [comment.id])).rows;
    expect(row.resolved_at).to.equal(null);
    const resolved = await eddie.ask(resolve(book.id, comment.id));
    expect(resolved.response_data).to.deep.include({ id: comment.id, resolved: true });
    await until(() => vera.heard.find((item) => item.id === comment.id && item.resolved));
  });

  it('refuses a non-member, a bad text, a reply to nothing and the comment past the bound', async () => {
    const vera = await socketMember(viewer);
    const outsider = await connectEditor(server.url, { token: stranger.token });
    closers.push(() => outsider.close());
    expect((await outsider.emitWithAck('join', { layout_id: book.id })).error.code).to.equal('not_found');
    expect((await outsider.emitWithAck('message', add(book.id, { page_id: page, text: 'hi' }))).error.code).to.equal('not_found');
    expect((await as(server, stranger.auth).get(`/api/ua/layout/${book.id}/comments/`)).status).to.equal(404);
    const before = await countRows();
    expect((await vera.ask(add(book.id, { page_id: page, text: 'x'.repeat(2001) }))).error?.code).to.equal('invalid_message');
    expect((await vera.ask(add(book.id, { page_id: page, text: '   ' }))).error?.code).to.equal('invalid_message');
    expect((await vera.ask(add(book.id, { page_id: page, text: 'bell\u0007' }))).error?.code).to.equal('invalid_message');
    expect((await vera.ask(add(book.id, { page_id: page, text: 'hi', reply_to: 99999999 }))).error?.code).to.equal('not_found');
    expect(await countRows()).to.equal(before);
    await runtime.db.sql.query(
      `INSERT INTO layout_comments (layout_id, user_id, transaction_id, page_id, text)
       SELECT $1, $2, 'filler-' || n, $3, 'filler' FROM generate_series(1, $4::integer) n`, [book.id, owner.id, page, COMMENTS_PER_BOOK - before]);
    const past = await vera.ask(add(book.id, { page_id: page, text: 'one too many' }));
    expect(past.error?.code).to.equal('invalid_message');
    expect(await countRows()).to.equal(COMMENTS_PER_BOOK);
  });
});
