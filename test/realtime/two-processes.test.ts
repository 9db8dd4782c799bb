import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { runPhotobook } from '../helpers/process';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { layoutTestUsers, type LayoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { type ChildServer, startChildServer } from './child-server';
import { connectPlain, type PlainEditor } from './plain-sockets';
import { connectEditor, type EditorSocket, nextEvent, schemeMessage } from './sockets';

// Rooms across processes need a database server: embedded PGlite has one process by design.
if (DATABASE_KIND === 'postgres') {
  describe('the editing channel across two processes on one PostgreSQL database', function () {
    this.timeout(120_000);
    let runtime: TestRuntime;
    let here: RunningServer & { url: string };
    let there: ChildServer;
    let users: LayoutTestUsers;
    let dataDir: string;
    let childEnv: Record<string, string>;
    let layout: { id: string; pages: { id: string }[] };
    let scheme: number;
    const sockets: EditorSocket[] = [];
    const plainEditors: PlainEditor[] = [];
    const editor = async (url: string, token: string) => {
      const socket = await connectEditor(url, { token });
      sockets.push(socket);
      return socket;
    };
    const plainEditor = async (url: string, token: string) => {
      const connection = await connectPlain(url, token);
      plainEditors.push(connection);
      return connection;
    };

    before(async () => {
      runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test' });
      const { products } = await seedLayoutCatalog(runtime);
      users = await layoutTestUsers(runtime);
      here = await testServer(runtime);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-second-'));
      childEnv = { DATABASE_URL: runtime.db.connectionString!, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: 'http://photobook.test' };
      there = await startChildServer(childEnv);
      layout = (await request(here.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
      scheme = (await request(here.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body[0].id;
    });
    after(async () => {
      for (const socket of sockets) socket.close();
      for (const connection of plainEditors) connection.socket.close();
      await there.stop();
      await here.stop();
      await runtime.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('tells an editor connected to one process about a change made through the other', async () => {
      const watcher = await editor(here.url, users.owner.token);
      const sender = await editor(there.url, users.owner.token);
      await watcher.emitWithAck('join', { layout_id: layout.id });
      await sender.emitWithAck('join', { layout_id: layout.id });
      const changed = nextEvent<{ version: number; page: { id: string } }>(watcher, 'layout:changed');
      const ack = await sender.emitWithAck('message', schemeMessage(layout.id, layout.pages[1].id, scheme));
      expect(await changed).to.deep.equal({ layout_id: layout.id, version: ack.version, page: ack.response_data.data });
    });

    it('pushes a change made through the other process to a plain WebSocket client of this one', async () => {
      const watcher = await plainEditor(here.url, users.owner.token);
      const sender = await plainEditor(there.url, users.owner.token);
      for (const [client, id] of [[watcher, 'join-here'], [sender, 'join-there']] as const) {
        expect(await client.ask({ transaction_id: id, object: 'layout', action: 'join', params: { layout_id: layout.id } })).to.include({ transaction_id: id });
      }
      const ack = await sender.ask(schemeMessage(layout.id, layout.pages[3].id, scheme));
      expect((await watcher.next((frame) => frame.event === 'layout:changed')).data)
        .to.deep.equal({ layout_id: layout.id, version: ack.version, page: (ack.response_data as { data: unknown }).data });
    });

    it('tells every editor of both processes each change exactly once and in order, whichever process applied it', async () => {
      const sender = await editor(there.url, users.owner.token);
      const watchers = [await editor(here.url, users.owner.token), await editor(there.url, users.owner.token)];
      for (const socket of [sender, ...watchers]) await socket.emitWithAck('join', { layout_id: layout.id });
      const heard: number[][] = watchers.map(() => []);
      watchers.forEach((watcher, index) => watcher.on('layout:changed', (change: { version: number }) => heard[index].push(change.version)));
      // Sent without waiting: the process applies them in batches of several (group commit), each one notice or more.
      const acks = await Promise.all(Array.from({ length: 40 }, (_, turn) =>
        sender.emitWithAck('message', schemeMessage(layout.id, layout.pages[1 + (turn % 4)].id, scheme))));
      const versions = acks.map((ack: { version: number }) => ack.version).sort((a, b) => a - b);
      const deadline = Date.now() + 10_000;
      while (heard.some((list) => list.length < versions.length) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // A moment more: a change told twice would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const list of heard) expect(list).to.deep.equal(versions);
    });

    it('tells each user\'s editors their own change, once, when two users send one transaction_id', async () => {
      const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT product_id AS id FROM layouts WHERE id = $1', [layout.id]);
      const others = (await request(here.url).post('/api/ua/layout/').set('Authorization', users.other.auth).send({ product_id: product.id })).body;
      const watching = async (url: string, token: string, layoutId: string) => {
        const socket = await editor(url, token);
        await socket.emitWithAck('join', { layout_id: layoutId });
        const heard: unknown[] = [];
        socket.on('layout:changed', (change: unknown) => heard.push(change));
        return { socket, heard };
      };
      const ownerWatcher = await watching(here.url, users.owner.token, layout.id);
      const otherWatcher = await watching(here.url, users.other.token, others.id);
      const ownerSender = await watching(there.url, users.owner.token, layout.id);
      const otherSender = await watching(there.url, users.other.token, others.id);
      const transactionId = randomUUID();
      const ownerAck = await ownerSender.socket.emitWithAck('message', schemeMessage(layout.id, layout.pages[1].id, scheme, transactionId));
      const otherAck = await otherSender.socket.emitWithAck('message', schemeMessage(others.id, others.pages[1].id, scheme, transactionId));
      const deadline = Date.now() + 5000;
      while ((ownerWatcher.heard.length < 1 || otherWatcher.heard.length < 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // A moment more: a change told twice, or told to the other user, would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ownerWatcher.heard).to.deep.equal([{ layout_id: layout.id, version: ownerAck.version, page: ownerAck.response_data.data }]);
      expect(otherWatcher.heard).to.deep.equal([{ layout_id: others.id, version: otherAck.version, page: otherAck.response_data.data }]);
    });

    it('applies one transaction_id once when both processes receive it at the same moment', async () => {
      const message = schemeMessage(layout.id, layout.pages[2].id, scheme);
      const before = (await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [layout.id])).rows[0].version;
      const [first, second] = await Promise.all([
        (await editor(here.url, users.owner.token)).emitWithAck('message', message),
        (await editor(there.url, users.owner.token)).emitWithAck('message', message),
      ]);
      expect(first).to.deep.equal(second);
      expect(first.version).to.equal(before + 1);
      const { rows } = await runtime.db.sql.query<{ version: number; n: number }>(
        'SELECT l.version, (SELECT count(*)::int FROM layout_transactions t WHERE t.transaction_id = $2) AS n FROM layouts l WHERE l.id = $1',
        [layout.id, message.transaction_id]);
      expect(rows[0]).to.deep.equal({ version: before + 1, n: 1 });
    });

    it('disconnects a user\'s sockets in every process when they log out through one', async () => {
      const user = await runtime.users.create({ email: 'two-places@example.com', role: 'user' });
      const token = runtime.tokens.issue(user);
      const elsewhere = await editor(here.url, token);
      const closed = nextEvent(elsewhere, 'disconnect', 10_000);
      expect((await request(there.url).post('/api/auth/logout/').set('Authorization', `Bearer ${token}`)).status).to.equal(200);
      await closed;
    });

    it('closes a user\'s plain WebSocket connections in every process when they log out through one', async () => {
      const user = await runtime.users.create({ email: 'two-places-plain@example.com', role: 'user' });
      const token = runtime.tokens.issue(user);
      const elsewhere = await plainEditor(here.url, token);
      expect((await request(there.url).post('/api/auth/logout/').set('Authorization', `Bearer ${token}`)).status).to.equal(200);
      expect(await elsewhere.closed).to.deep.equal({ code: 4401, reason: 'Logged out.' });
    });

    it('ends a user\'s connections in every process when the account is deleted through one', async () => {
      const user = await runtime.users.create({ email: 'deleted-two-places@example.com', role: 'user' });
      const token = runtime.tokens.issue(user);
      const socket = await editor(here.url, token);
      const plain = await plainEditor(here.url, token);
      const ended = nextEvent(socket, 'session:ended', 10_000);
      expect((await request(there.url).delete('/api/auth/user/').set('Authorization', `Bearer ${token}`)).status).to.equal(204);
      expect(await ended).to.deep.equal({ code: 'account_deleted', message: 'The account was deleted.' });
      expect(await plain.closed).to.deep.equal({ code: 4401, reason: 'The account was deleted.' });
    });

    it('ends a demoted administrator\'s connections in both processes when set-role runs in a third', async () => {
      const admin = await runtime.users.create({ email: 'demoted-two-places@example.com', role: 'admin' });
      const token = runtime.tokens.issue(admin);
      const socketHere = await editor(here.url, token);
      const plainThere = await plainEditor(there.url, token);
      const socketThere = await editor(there.url, token);
      // Started before set-role runs, which blocks this process (spawnSync) for as long as the command takes.
      const ended = [nextEvent(socketHere, 'session:ended', 60_000), nextEvent(socketThere, 'session:ended', 60_000)];
      const result = runPhotobook(['set-role', '--email', 'demoted-two-places@example.com', '--role', 'user'], childEnv);
      expect(result.status, result.stderr).to.equal(0);
      for (const event of await Promise.all(ended)) expect(event).to.deep.equal({ code: 'role_changed', message: 'Your role changed: connect again.' });
      expect(await plainThere.closed).to.deep.equal({ code: 4409, reason: 'Your role changed: connect again.' });
      const again = await editor(there.url, token);
      expect((await again.emitWithAck('message', schemeMessage(layout.id, layout.pages[4].id, scheme))).error)
        .to.deep.equal({ code: 'not_found', message: 'Layout not found.' });
    });
  });
}
