import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { connectPlain, type PlainEditor } from './plain-sockets';
import { connectEditor, type EditorSocket } from './sockets';

const SOCKETS_PER_USER = 3;
const SOCKET_EVENTS_PER_SECOND = 20;
// Below what one connection may send: a burst of one connection passes its own limit and meets only the user's.
const USER_EVENTS_PER_SECOND = 10;

type Answer = { transaction_id?: string | null; error?: { code: string; message: string } };

describe(`per-user limits of the editing channel, over both transports (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  const socketIoEditors: EditorSocket[] = [];
  const plainEditors: PlainEditor[] = [];

  const userToken = async () => runtime.tokens.issue(await runtime.users.create({ email: `${randomUUID()}@example.com`, role: 'user' }));
  const socketIo = async (token: string) => {
    const socket = await connectEditor(server.url, { token });
    socketIoEditors.push(socket);
    return socket;
  };
  const plain = async (token: string) => {
    const editor = await connectPlain(server.url, token);
    plainEditors.push(editor);
    return editor;
  };
  const posterList = () => ({ transaction_id: randomUUID(), object: 'poster', action: 'list' });
  const burstOverSocketIo = (socket: EditorSocket, count: number) =>
    Promise.all(Array.from({ length: count }, () => socket.emitWithAck('message', posterList()) as Promise<Answer>));
  const burstOverPlain = (editor: PlainEditor, count: number) =>
    Promise.all(Array.from({ length: count }, () => editor.ask(posterList()) as Promise<Answer>));
  const limitedByUser = (answers: Answer[]) => answers.filter((answer) => answer.error?.code === 'rate_limited'
    && answer.error.message === `More than ${USER_EVENTS_PER_SECOND} events a second from one user.`).length;

  before(async () => {
    runtime = await testRuntime({
      SOCKETS_PER_USER: String(SOCKETS_PER_USER), SOCKET_EVENTS_PER_SECOND: String(SOCKET_EVENTS_PER_SECOND),
      USER_EVENTS_PER_SECOND: String(USER_EVENTS_PER_SECOND),
    });
    server = await testServer(runtime);
  });
  afterEach(() => {
    for (const socket of socketIoEditors.splice(0)) socket.close();
    for (const editor of plainEditors.splice(0)) editor.socket.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('refuses a connection past SOCKETS_PER_USER with rate_limited, counting both transports, and frees the place on close', async () => {
    const token = await userToken();
    const first = await socketIo(token);
    await socketIo(token);
    await plain(token);

    const refused = await connectEditor(server.url, { token }).then(
      (accepted) => void socketIoEditors.push(accepted), (error: Error & { data?: { code: string } }) => error);
    expect(refused?.message).to.equal(`More than ${SOCKETS_PER_USER} editing connections for one user.`);
    expect(refused?.data).to.deep.equal({ code: 'rate_limited' });
    const refusedPlain = await plain(token);
    expect(await refusedPlain.next()).to.deep.equal({
      transaction_id: null, error: { code: 'rate_limited', message: `More than ${SOCKETS_PER_USER} editing connections for one user.` },
    });
    expect(await refusedPlain.closed).to.deep.equal({ code: 4429, reason: `More than ${SOCKETS_PER_USER} editing connections for one user.` });

    // Another user is not affected.
    await socketIo(await userToken());

    // A closed connection gives its place back once the server has seen it go.
    first.close();
    let again: EditorSocket | undefined;
    for (let attempt = 0; attempt < 100 && !again; attempt += 1) again = await connectEditor(server.url, { token }).catch(() => undefined);
    expect(again?.connected).to.equal(true);
    socketIoEditors.push(again!);
  });

  it('answers rate_limited past USER_EVENTS_PER_SECOND for the user\'s connections together, on either transport', async () => {
    const token = await userToken();
    const [socket, editor] = [await socketIo(token), await plain(token)];

    // Each burst stays within its connection's own limit; the user's bucket is emptied by one transport, so the
    // other one's burst right after is refused for the user.
    const fromSocketIo = await burstOverSocketIo(socket, USER_EVENTS_PER_SECOND);
    const fromPlain = await burstOverPlain(editor, SOCKET_EVENTS_PER_SECOND);
    expect(limitedByUser(fromSocketIo)).to.equal(0);
    expect(limitedByUser(fromPlain)).to.be.greaterThan(0);
    expect(fromPlain.every((answer) => answer.error?.code !== 'rate_limited' || limitedByUser([answer]) === 1)).to.equal(true);

    const other = await userToken();
    const [otherPlain, otherSocket] = [await plain(other), await socketIo(other)];
    await burstOverPlain(otherPlain, USER_EVENTS_PER_SECOND);
    expect(limitedByUser(await burstOverSocketIo(otherSocket, SOCKET_EVENTS_PER_SECOND))).to.be.greaterThan(0);
  });

  it('counts the plain WebSocket\'s unreadable frames (not JSON, binary) against USER_EVENTS_PER_SECOND', async () => {
    const editor = await plain(await userToken());
    const frames = Array.from({ length: SOCKET_EVENTS_PER_SECOND }, (_, index) => (index % 2 ? 'x' : Buffer.from('x')));
    for (const frame of frames) editor.send(frame);
    const answers = await Promise.all(frames.map(() => editor.next() as Promise<Answer>));
    expect(limitedByUser(answers)).to.be.greaterThan(0);
    expect(answers.every((answer) => answer.error?.code === 'invalid_message' || limitedByUser([answer]) === 1)).to.equal(true);
  });
});
