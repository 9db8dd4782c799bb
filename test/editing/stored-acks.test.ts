// What the record of applied transactions keeps (security review 4, finding 6): undo and redo of an autofill
// acknowledge every page, and their acks were stored whole, 68 to 103 KB a row for 24 hours. A large ack is kept as
// the parts it answered; a replay and the other processes' editors get those pages presented again.
import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { createLayoutEditor } from '../../src/layouts/editing/editor';
import { MAX_STORED_ACK_BYTES } from '../../src/layouts/editing/stored-acks';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { noiseImage } from '../themes/images';
import { type BookEditor, editMessage, joinedEditor } from './editors';

describe(`stored acks of undo and redo, bounded (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let book: { id: string };
  let sender: BookEditor;

  const storedAcks = async () => (await runtime.db.sql.query<{ transaction_id: string; user_id: number; bytes: number }>(
    'SELECT transaction_id, user_id, octet_length(ack::text) AS bytes FROM layout_transactions WHERE layout_id = $1 ORDER BY created_at', [book.id])).rows;

  before(async function () {
    this.timeout(120_000);
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: '1000', USER_EVENTS_PER_SECOND: '1000' });
    const { products } = await seedLayoutCatalog(runtime);
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    book = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
    const photos: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const content = await noiseImage(320 + index, 240).jpeg().toBuffer();
      const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', users.owner.auth)
        .attach('files', content, { filename: `p${index}.jpg`, contentType: 'image/jpeg' });
      await processPhoto.handle({ photoId: body.photo_id }, runtime.jobContext);
      photos.push(body.photo_id);
    }
    sender = await joinedEditor('socket.io', server.url, users.owner.token, book.id);
    expect((await sender.ask(editMessage('layout', 'add_photos', book.id, undefined, { photo_ids: photos }))).error).to.equal(undefined);
    expect((await sender.ask(editMessage('layout', 'autofill', book.id, undefined, {}))).error).to.equal(undefined);
  });
  after(async () => {
    sender.close();
    await server.stop();
    await runtime.dispose();
  });

  it('stores 200 undo and redo acks of a whole book within the bound, each answered in full', async function () {
    this.timeout(120_000);
    const before = (await storedAcks()).length;
    let largest = 0;
    for (let index = 0; index < 200; index += 1) {
      const ack = await sender.ask(editMessage('layout', index % 2 === 0 ? 'undo' : 'redo', book.id, undefined));
      expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
      largest = Math.max(largest, Buffer.byteLength(JSON.stringify(ack)));
    }
    const rows = (await storedAcks()).slice(before);
    expect(rows).to.have.length(200);
    // What the client was answered is several times the bound; what is kept of it is within it.
    expect(largest).to.be.greaterThan(2 * MAX_STORED_ACK_BYTES);
    expect(Math.max(...rows.map((row) => row.bytes))).to.be.at.most(MAX_STORED_ACK_BYTES);
  });

  it('answers a replayed undo as it was answered, and tells another process the same change', async () => {
    const message = editMessage('layout', 'undo', book.id, undefined);
    const first = await sender.ask(message);
    expect(first.error).to.equal(undefined);
    const [stored] = (await storedAcks()).slice(-1);
    expect(stored.bytes).to.be.at.most(MAX_STORED_ACK_BYTES);
    expect(await sender.ask(message)).to.deep.equal(first);
    // Another process reads the stored parts and presents the pages as they are (nothing changed since).
    const elsewhere = createLayoutEditor({
      db: runtime.db, media: runtime.media, log: pino({ level: 'silent' }), limits: runtime.config.editing,
      photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    });
    const [change] = await elsewhere.changesOf([{ layoutId: book.id, userId: stored.user_id, transactionId: stored.transaction_id }]);
    const { data, ...rest } = first.response_data!;
    expect(change).to.deep.equal({ layout_id: book.id, version: first.version, ...(data ? { page: data } : {}), ...rest });
    // The undo is undone, so that the book ends as it started.
    expect((await sender.ask(editMessage('layout', 'redo', book.id, undefined))).error).to.equal(undefined);
  });
});
