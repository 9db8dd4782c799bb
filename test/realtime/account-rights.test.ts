// An editing connection holds the rights of the account as it is now, not as it was at the handshake: deletion, a
// role change and the token's expiry end it, on both transports, and every event reads the account again.
import pino from 'pino';
import { expect } from 'chai';
import request from 'supertest';
import { createTokenService, tokenSettings } from '../../src/auth/tokens';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { connectPlain, type PlainEditor } from './plain-sockets';
import { connectEditor, type EditorSocket, nextEvent, schemeMessage } from './sockets';

describe(`editing connections follow the account (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let layout: { id: string; pages: { id: string }[] };
  let scheme: number;
  let products: number[];
  const sockets: EditorSocket[] = [];
  const plainEditors: PlainEditor[] = [];

  const editor = async (token: string) => {
    const socket = await connectEditor(server.url, { token });
    sockets.push(socket);
    return socket;
  };
  const plainEditor = async (token: string) => {
    const connection = await connectPlain(server.url, token);
    plainEditors.push(connection);
    return connection;
  };
  const userWithToken = async (email: string, role: 'user' | 'admin') => {
    const user = await runtime.users.create({ email, role });
    return { user, token: runtime.tokens.issue(user) };
  };
  const layoutVersion = async () =>
    (await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [layout.id])).rows[0].version;
  /** Changes the users row with the change notice switched off: as if this process had missed it. */
  const changeUnnoticed = (statement: string, userId: number) => runtime.db.transaction(async (tx) => {
    await tx.sql.query('ALTER TABLE users DISABLE TRIGGER users_account_notify');
    await tx.sql.query(statement, [userId]);
    await tx.sql.query('ALTER TABLE users ENABLE TRIGGER users_account_notify');
  });

  before(async () => {
    runtime = await testRuntime();
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    layout = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
    scheme = (await request(server.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body[0].id;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const connection of plainEditors.splice(0)) connection.socket.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('ends a user\'s connections of both transports when the user deletes their account', async () => {
    const { token } = await userWithToken('deleting@example.com', 'user');
    const socket = await editor(token);
    const plain = await plainEditor(token);
    const ended = nextEvent(socket, 'session:ended');
    const disconnected = nextEvent(socket, 'disconnect');
    expect((await request(server.url).delete('/api/auth/user/').set('Authorization', `Bearer ${token}`)).status).to.equal(204);
    expect(await ended).to.deep.equal({ code: 'account_deleted', message: 'The account was deleted.' });
    expect(await disconnected).to.equal('io server disconnect');
    expect(await plain.closed).to.deep.equal({ code: 4401, reason: 'The account was deleted.' });
  });

  it('ends a demoted administrator\'s connections; connected again, they no longer reach another shopper\'s layout', async () => {
    const { user, token } = await userWithToken('demoted@example.com', 'admin');
    const socket = await editor(token);
    const plain = await plainEditor(token);
    expect((await socket.emitWithAck('join', { layout_id: layout.id })).version).to.be.a('number');
    const ended = nextEvent(socket, 'session:ended');
    await runtime.users.setRole(user.id, 'user');
    expect(await ended).to.deep.equal({ code: 'role_changed', message: 'Your role changed: connect again.' });
    expect(await plain.closed).to.deep.equal({ code: 4409, reason: 'Your role changed: connect again.' });
    const again = await editor(token);
    expect(await again.emitWithAck('join', { layout_id: layout.id })).to.deep.equal({ error: { code: 'not_found', message: 'Layout not found.' } });
  });

  it('applies a role change on the next event even when the connection was not told of it', async () => {
    const { user, token } = await userWithToken('unnoticed-demotion@example.com', 'admin');
    const socket = await editor(token);
    const plain = await plainEditor(token);
    const before = await layoutVersion();
    await changeUnnoticed("UPDATE users SET role = 'user' WHERE id = $1", user.id);
    const ack = await socket.emitWithAck('message', schemeMessage(layout.id, layout.pages[1].id, scheme));
    expect(ack.error).to.deep.equal({ code: 'not_found', message: 'Layout not found.' });
    expect(await socket.emitWithAck('join', { layout_id: layout.id })).to.deep.equal({ error: { code: 'not_found', message: 'Layout not found.' } });
    expect((await plain.ask(schemeMessage(layout.id, layout.pages[2].id, scheme))).error).to.deep.equal({ code: 'not_found', message: 'Layout not found.' });
    expect(await layoutVersion()).to.equal(before);
  });

  it('refuses the next event of a deleted account that was not told of it, and ends the connection', async () => {
    const { user, token } = await userWithToken('unnoticed-deletion@example.com', 'user');
    const own = await request(server.url).post('/api/ua/layout/').set('Authorization', `Bearer ${token}`).send({ product_id: products[0] });
    expect(own.status).to.equal(201);
    const socket = await editor(token);
    const plain = await plainEditor(token);
    await changeUnnoticed('UPDATE users SET deleted_at = now(), token_version = token_version + 1 WHERE id = $1', user.id);
    const ended = nextEvent(socket, 'session:ended');
    const ack = await socket.emitWithAck('message', schemeMessage(own.body.id, own.body.pages[1].id, scheme));
    expect(ack.error).to.deep.equal({ code: 'invalid_token', message: 'Invalid token.' });
    expect(await ended).to.deep.equal({ code: 'invalid_token', message: 'Invalid token.' });
    expect((await plain.ask({ transaction_id: 'join-deleted', object: 'layout', action: 'join', params: { layout_id: own.body.id } })).error)
      .to.deep.equal({ code: 'invalid_token', message: 'Invalid token.' });
    expect(await plain.closed).to.deep.equal({ code: 4401, reason: 'Invalid token.' });
    const { rows: [row] } = await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [own.body.id]);
    expect(row.version).to.equal(own.body.version);
  });

  it('ends a connection of either transport when its token expires', async () => {
    const shortLived = createTokenService({ ...tokenSettings(runtime.config), lifetimeSeconds: 3 }, pino({ level: 'silent' }));
    const token = shortLived.issue({ id: users.owner.id, role: 'user', tokenVersion: 0 });
    const socket = await editor(token);
    const plain = await plainEditor(token);
    expect((await socket.emitWithAck('join', { layout_id: layout.id })).version).to.be.a('number');
    expect(await nextEvent(socket, 'session:ended', 10_000)).to.deep.equal({ code: 'token_expired', message: 'The token expired: log in again.' });
    expect(await plain.closed).to.deep.equal({ code: 4401, reason: 'The token expired: log in again.' });
  });

  // On PGlite the listener is the database's own and cannot be interrupted.
  (DATABASE_KIND === 'postgres' ? it : it.skip)('checks open connections when it listens again after missing account changes', async () => {
    const { user, token } = await userWithToken('missed-while-away@example.com', 'admin');
    const socket = await editor(token);
    const plain = await plainEditor(token);
    expect((await socket.emitWithAck('join', { layout_id: layout.id })).version).to.be.a('number');
    const ended = nextEvent(socket, 'session:ended', 10_000);
    await changeUnnoticed("UPDATE users SET role = 'user' WHERE id = $1", user.id);
    await runtime.db.sql.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'photobook-listener' AND datname = current_database()`);
    expect(await ended).to.deep.equal({ code: 'role_changed', message: 'Your role changed: connect again.' });
    expect(await plain.closed).to.deep.equal({ code: 4409, reason: 'Your role changed: connect again.' });
  });
});
