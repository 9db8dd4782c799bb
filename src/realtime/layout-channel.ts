// Namespace /layout: editors join a layout's room and send editing messages, each answered by its ack; every change
// is committed before its ack and broadcast to the room's other sockets as layout:changed.
import type { Logger } from 'pino';
import type { Namespace, Server, Socket } from 'socket.io';
import type { AuthenticatedUser } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import type { Validator } from '../http/validation';
import type { Database } from '../db/database';
import { createLayoutEditor, type LayoutChange, type PublishedChange } from '../layouts/editing/editor';
import { errorAck, isAck, parseMessage } from '../layouts/editing/messages';
import { OPERATIONS } from '../layouts/editing/operations';
import type { LayoutsService } from '../layouts/service';
import type { MediaStorage } from '../media/storage';
import { requireUser } from './handshake';
import { createTokenBucket } from './token-bucket';
import { coalesceWrites } from './write-coalescing';

export interface LayoutChannelDependencies {
  db: Database;
  media: MediaStorage;
  tokens: TokenService;
  users: UsersRepository;
  layouts: LayoutsService;
  validator: Validator;
  log: Logger;
  eventsPerSecond: number;
  /** Whether other processes serve this channel too (a cross-process adapter is installed). */
  spansProcesses: boolean;
}

export const layoutRoom = (layoutId: string) => `layout:${layoutId}`;
const userRoom = (userId: number) => `user:${userId}`;

type Ack = (answer: unknown) => void;

const transactionIdOf = (raw: unknown) => (raw as { transaction_id?: unknown } | null)?.transaction_id;

const REMOTE_CHANGES = 'layout:changes';

export function attachLayoutChannel(io: Server, deps: LayoutChannelDependencies): Namespace {
  const { layouts, validator, log } = deps;
  const channel = io.of('/layout');
  channel.use(requireUser(deps.tokens, deps.users));
  const writes = coalesceWrites(channel);

  const tellLocalEditors = (change: LayoutChange, except?: string) =>
    channel.local.to(layoutRoom(change.layout_id)).except(except ?? []).emit('layout:changed', change);

  // One batch, one message to the other processes (through the adapter); each tells its own sockets.
  const publish = (changes: PublishedChange[]) => {
    const listeners = new Set<string>(changes.flatMap(({ change, origin }) => [
      ...(channel.adapter.rooms.get(layoutRoom(change.layout_id)) ?? []), ...(origin ? [origin] : []),
    ]));
    writes.holdUntilNextTurn(listeners);
    for (const { change, origin } of changes) tellLocalEditors(change, origin);
    if (deps.spansProcesses) channel.serverSideEmit(REMOTE_CHANGES, changes.map(({ change }) => change));
  };
  channel.on(REMOTE_CHANGES, (changes: LayoutChange[]) => {
    for (const change of changes) tellLocalEditors(change);
  });
  const editor = createLayoutEditor({ db: deps.db, media: deps.media, log, publish });

  async function join(socket: Socket, user: AuthenticatedUser, raw: unknown, ack: Ack): Promise<void> {
    const errors = validator.errorsOf('layout-join.json', raw);
    if (errors) return ack({ error: { code: 'invalid_message', message: 'layout_id: a layout UUID is required.' } });
    const layoutId = (raw as { layout_id: string }).layout_id.toLowerCase();
    if (!(await layouts.mayRead(user, layoutId))) return ack({ error: { code: 'not_found', message: 'Layout not found.' } });
    // Joined before reading, so no change falls between the layout sent and the first event received.
    await socket.join(layoutRoom(layoutId));
    const layout = await layouts.get(user, { id: layoutId });
    ack({ layout, version: layout!.version });
  }

  async function message(socket: Socket, user: AuthenticatedUser, raw: unknown, ack: Ack): Promise<void> {
    const parsed = parseMessage(raw, validator, OPERATIONS);
    if (isAck(parsed)) return ack(parsed);
    ack((await editor.submit(user, parsed, socket.id)).ack);
  }

  channel.on('connection', (socket) => {
    const user = socket.data.user as AuthenticatedUser;
    void socket.join(userRoom(user.id));
    const bucket = createTokenBucket(deps.eventsPerSecond);

    // Every event is answered through its ack, its last argument; one without an ack cannot be answered and is
    // dropped. The message is the first argument ({} when the ack came alone).
    const handle = (event: string, run: typeof join) => socket.on(event, (...args: unknown[]) => {
      const ack = args[args.length - 1];
      if (typeof ack !== 'function') return;
      const answer = ack as Ack;
      const raw = args.length > 1 ? args[0] : undefined;
      if (!bucket.take()) {
        return answer(errorAck(transactionIdOf(raw), 'rate_limited', `More than ${deps.eventsPerSecond} events a second.`));
      }
      run(socket, user, raw, answer).catch((error: unknown) => {
        log.error({ err: error, event }, 'editing channel event failed');
        answer(errorAck(transactionIdOf(raw), 'server_error', 'Internal server error.'));
      });
    });
    handle('join', join);
    handle('message', message);
  });
  return channel;
}

/** Disconnects every socket of the user, in every process (the adapter carries it): called on logout. */
export function disconnectUser(channel: Namespace, userId: number): void {
  channel.in(userRoom(userId)).disconnectSockets(true);
}
