// The editing channel over Socket.IO, namespace /layout: editors join a layout's room and send editing messages,
// each answered by its ack (the rules are editing-requests.ts'); others' changes arrive as layout:changed.
import type { Namespace } from 'socket.io';
import type { AccountsService } from '../auth/accounts-service';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import { capConnectionsPerUser, leaseOf } from './connection-cap';
import type { EditingChannel } from './editing-channel';
import { webSocketOf } from './engine-transport';
import { requireUser } from './handshake';
import type { Liveness } from './liveness';
import type { OutgoingBuffers } from './outgoing-buffer';
import { SESSION_ENDS, type SessionEnd } from './session-end';
import { coalesceWrites } from './write-coalescing';

const layoutRoom = (layoutId: string) => `layout:${layoutId}`;
const userRoom = (userId: number) => `user:${userId}`;
const sessionEnded = (reason: SessionEnd) => ({ code: reason, message: SESSION_ENDS[reason].message });

export interface SocketIoTransportDependencies {
  /** Whom the handshake's token stands for. */
  accounts: Pick<AccountsService, 'holderOf'>;
  socketsPerUser: number;
  /** Pings each connection over WebSocket (besides engine.io's own heartbeat, which any pong satisfies). */
  liveness: Liveness;
  /** Bounds what waits to be sent on each connection (SOCKET_OUTGOING_BUFFER_BYTES). */
  outgoingBuffers: OutgoingBuffers;
}

export function attachSocketIoTransport(namespace: Namespace, channel: EditingChannel, deps: SocketIoTransportDependencies): void {
  namespace.use(requireUser(deps.accounts));
  namespace.use(capConnectionsPerUser(channel.requests, deps.socketsPerUser));
  const writes = coalesceWrites(namespace);

  channel.addTransport({
    watches: (layoutId) => namespace.adapter.rooms.has(layoutRoom(layoutId)),
    deliver(changes) {
      const listeners = new Set<string>(changes.flatMap(({ change, origin }) => [
        ...(namespace.adapter.rooms.get(layoutRoom(change.layout_id)) ?? []), ...(origin ? [origin] : []),
      ]));
      writes.holdUntilNextTurn(listeners);
      for (const { change, origin } of changes) {
        namespace.local.to(layoutRoom(change.layout_id)).except(origin ?? []).emit('layout:changed', change);
      }
    },
    tell(layoutId, event, data) {
      namespace.local.to(layoutRoom(layoutId)).emit(event, data);
    },
    disconnectUser(userId, reason) {
      const sockets = namespace.local.in(userRoom(userId));
      sockets.emit('session:ended', sessionEnded(reason));
      sockets.disconnectSockets(true);
    },
  });

  namespace.on('connection', (socket) => {
    const user = socket.data.user as AuthenticatedUser;
    void socket.join(userRoom(user.id));
    deps.outgoingBuffers.watchSocketIo(socket);
    const watchWebSocket = () => {
      const webSocket = webSocketOf(socket);
      if (webSocket) deps.liveness.watch(webSocket);
    };
    watchWebSocket();
    socket.conn.on('upgrade', watchWebSocket);
    const handlers = channel.requests.forConnection({
      id: socket.id, user, terms: socket.data.terms as TokenTerms,
      joinRoom: (layoutId) => socket.join(layoutRoom(layoutId)),
      end(reason) {
        socket.emit('session:ended', sessionEnded(reason));
        socket.disconnect(true);
      },
    }, leaseOf(socket));
    socket.on('disconnect', () => handlers.closed());

    // Every event is answered through its ack, its last argument; one without an ack cannot be answered and is
    // dropped. The request is the first argument (undefined when the ack came alone).
    for (const event of ['join', 'message'] as const) {
      socket.on(event, (...args: unknown[]) => {
        const ack = args[args.length - 1];
        if (typeof ack !== 'function') return;
        void handlers[event](args.length > 1 ? args[0] : undefined).then((answer) => ack(answer));
      });
    }
  });
}
