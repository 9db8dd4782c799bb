// The editing channel over a plain WebSocket at /api/ua/product/ws, which the shop's front end opens: the requests
// of the Socket.IO namespace (editing-requests.ts), as JSON text frames, answered by text frames; others' changes
// pushed as {event: "layout:changed", data}. The token (?jwt=) is checked before the upgrade completes.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import type { AccountsService } from '../auth/accounts-service';
import { errorAck } from '../layouts/editing/messages';
import type { EditingChannel } from './editing-channel';
import type { EditingConnection } from './editing-requests';
import type { Liveness } from './liveness';
import type { OutgoingBuffers } from './outgoing-buffer';
import { SESSION_ENDS } from './session-end';
import { tooManyConnections } from './user-limits';
import {
  CLOSE_GOING_AWAY, CLOSE_TOO_MANY_CONNECTIONS, refuseUpgrade, sendFrame, SHUTTING_DOWN, upgradePath, upgradeWithToken,
} from './websocket-upgrade';

export const PLAIN_WEBSOCKET_PATH = '/api/ua/product/ws';

export interface PlainWebSocketOptions {
  /** Whom ?jwt= stands for. */
  accounts: Pick<AccountsService, 'holderOf'>;
  log: Logger;
  /** Larger frames close the connection (1009). */
  maxFrameBytes: number;
  /** Pings each connection; one that does not echo its ping is dropped. */
  liveness: Liveness;
  /** Bounds what waits to be sent on each connection (SOCKET_OUTGOING_BUFFER_BYTES). */
  outgoingBuffers: OutgoingBuffers;
  /** Upgrades under this path are Socket.IO's (its engine answers them). */
  socketIoPath: string;
  /** Upgrades at these paths are other channels' (each answers its own, see photo-channel.ts). */
  otherPaths: readonly string[];
  socketsPerUser: number;
}

interface PlainConnection extends EditingConnection {
  socket: WebSocket;
  layoutIds: Set<string>;
}

/** A text frame's JSON, or the answer that refuses the frame (the connection stays open, as after any bad message). */
function parseFrame(data: RawData, isBinary: boolean): { message: unknown } | { refusal: object } {
  if (isBinary) return { refusal: errorAck(null, 'invalid_message', 'Binary frames are not accepted: send JSON in a text frame.') };
  try {
    // binaryType is ws' default, nodebuffer: a message is one Buffer, however many fragments it came in.
    return { message: JSON.parse((data as Buffer).toString('utf8')) };
  } catch {
    return { refusal: errorAck(null, 'invalid_message', 'The frame is not valid JSON.') };
  }
}

const refusedAsInvalid = (answer: object) => (answer as { error?: { code?: string } }).error?.code === 'invalid_message';

export function attachPlainWebSocketTransport(server: Server, channel: EditingChannel, options: PlainWebSocketOptions) {
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false, clientTracking: false });
  const connections = new Set<PlainConnection>();
  const rooms = new Map<string, Set<PlainConnection>>();
  let closing = false;

  const send = ({ socket }: PlainConnection, frame: object) => sendFrame(socket, frame, options.outgoingBuffers);

  channel.addTransport({
    watches: (layoutId) => rooms.has(layoutId),
    deliver(changes) {
      for (const { change, origin } of changes) {
        for (const connection of rooms.get(change.layout_id) ?? []) {
          if (connection.id !== origin) send(connection, { event: 'layout:changed', data: change });
        }
      }
    },
    tell(layoutId, event, data) {
      for (const connection of rooms.get(layoutId) ?? []) send(connection, { event, data });
    },
    disconnectUser(userId, reason) {
      for (const connection of connections) if (connection.user.id === userId) connection.end(reason);
    },
  });

  function open(socket: WebSocket, user: AuthenticatedUser, terms: TokenTerms): void {
    const lease = channel.requests.admit(user);
    if (!lease) {
      // Told in a frame too: a browser's WebSocket shows the close code but not always the reason.
      const refusal = tooManyConnections(options.socketsPerUser);
      socket.send(JSON.stringify(errorAck(null, refusal.code, refusal.message)));
      return socket.close(CLOSE_TOO_MANY_CONNECTIONS, refusal.message);
    }
    const connection: PlainConnection = {
      id: `ws:${randomUUID()}`, user, terms, socket, layoutIds: new Set(),
      end(reason) {
        socket.close(SESSION_ENDS[reason].closeCode, SESSION_ENDS[reason].message);
      },
      joinRoom(layoutId) {
        connection.layoutIds.add(layoutId);
        (rooms.get(layoutId) ?? rooms.set(layoutId, new Set()).get(layoutId)!).add(connection);
      },
    };
    connections.add(connection);
    const handlers = channel.requests.forConnection(connection, lease);
    options.liveness.watch(socket);
    options.outgoingBuffers.watchWebSocket(socket);
    socket.on('message', (data, isBinary) => {
      const frame = parseFrame(data, isBinary);
      if (!('refusal' in frame)) return void handlers.message(frame.message).then((answer) => send(connection, answer));
      // An unreadable frame meets the connection's and the user's rate limits like any message (it is handled as an
      // empty one, which is refused without reaching the database): past them it is answered rate_limited.
      void handlers.message(null).then((answer) => send(connection, refusedAsInvalid(answer) ? frame.refusal : answer));
    });
    // A frame over the limit or a protocol violation: ws closes the connection itself (1009, 1002, 1007).
    socket.on('error', (error) => options.log.debug({ err: error }, 'plain websocket closed on a bad frame'));
    socket.on('close', () => {
      handlers.closed();
      connections.delete(connection);
      for (const layoutId of connection.layoutIds) {
        rooms.get(layoutId)?.delete(connection);
        if (rooms.get(layoutId)?.size === 0) rooms.delete(layoutId);
      }
    });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '/').startsWith(`${options.socketIoPath}/`)) return;
    const target = upgradePath(request);
    if (target && options.otherPaths.includes(target.path)) return;
    if (target?.path !== PLAIN_WEBSOCKET_PATH) return refuseUpgrade(socket, 404);
    if (closing) return refuseUpgrade(socket, 503);
    upgradeWithToken(webSockets, request, socket, head, target.url, { ...options, closing: () => closing }, open);
  });

  return {
    /** Asks every connection to close (1001); new upgrades are refused. */
    close(): void {
      closing = true;
      for (const connection of connections) connection.socket.close(CLOSE_GOING_AWAY, SHUTTING_DOWN);
    },
    /** Drops what is still open, at the shutdown deadline. */
    terminate(): void {
      for (const connection of connections) connection.socket.terminate();
    },
  };
}
