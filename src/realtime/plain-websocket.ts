// The editing channel over a plain WebSocket at /api/ua/product/ws, which the shop's front end opens: the requests
// of the Socket.IO namespace (editing-requests.ts), as JSON text frames, answered by text frames; others' changes
// pushed as {event: "layout:changed", data}. The token (?jwt=) is checked before the upgrade completes.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import { errorAck } from '../layouts/editing/messages';
import type { EditingChannel } from './editing-channel';
import type { EditingConnection } from './editing-requests';
import { editorOf } from './handshake';
import type { Liveness } from './liveness';
import type { OutgoingBuffers } from './outgoing-buffer';
import { SESSION_ENDS } from './session-end';
import { tooManyConnections } from './user-limits';

export const PLAIN_WEBSOCKET_PATH = '/api/ua/product/ws';

// The 4000-4999 close codes are the application's: 4401 reads as HTTP's 401 (see session-end.ts).
const CLOSE_UNAUTHORIZED = SESSION_ENDS.invalid_token.closeCode;
const CLOSE_SERVER_ERROR = 1011;
const CLOSE_GOING_AWAY = 1001;
// Reads as HTTP's 429: the user already holds SOCKETS_PER_USER connections.
const CLOSE_TOO_MANY_CONNECTIONS = 4429;

export interface PlainWebSocketOptions {
  tokens: TokenService;
  users: UsersRepository;
  log: Logger;
  /** Larger frames close the connection (1009). */
  maxFrameBytes: number;
  /** Pings each connection; one that does not echo its ping is dropped. */
  liveness: Liveness;
  /** Bounds what waits to be sent on each connection (SOCKET_OUTGOING_BUFFER_BYTES). */
  outgoingBuffers: OutgoingBuffers;
  /** Upgrades under this path are Socket.IO's (its engine answers them). */
  socketIoPath: string;
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

/** An upgrade that is not served: an HTTP answer with a DRF-style body, then the connection ends. */
function refuseUpgrade(socket: Duplex, status: 404 | 503): void {
  const body = JSON.stringify({ detail: status === 404 ? 'Not found.' : 'The server is shutting down.' });
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export function attachPlainWebSocketTransport(server: Server, channel: EditingChannel, options: PlainWebSocketOptions) {
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes, perMessageDeflate: false, clientTracking: false });
  const connections = new Set<PlainConnection>();
  const rooms = new Map<string, Set<PlainConnection>>();
  let closing = false;

  const send = ({ socket }: PlainConnection, frame: object) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (!options.outgoingBuffers.overflows(socket)) socket.send(JSON.stringify(frame));
  };

  channel.addTransport({
    deliver(changes) {
      for (const { change, origin } of changes) {
        for (const connection of rooms.get(change.layout_id) ?? []) {
          if (connection.id !== origin) send(connection, { event: 'layout:changed', data: change });
        }
      }
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
    const target = request.url ?? '/';
    if (target.startsWith(`${options.socketIoPath}/`)) return;
    const url = URL.canParse(target, 'http://service') ? new URL(target, 'http://service') : undefined;
    if (url?.pathname.replace(/\/$/, '') !== PLAIN_WEBSOCKET_PATH) return refuseUpgrade(socket, 404);
    if (closing) return refuseUpgrade(socket, 503);
    // Until the upgrade completes nothing else listens here, and an unheard socket error would end the process.
    const dropOnError = () => socket.destroy();
    socket.on('error', dropOnError);
    void editorOf(url.searchParams.get('jwt') ?? undefined, options.tokens, options.users).then((outcome) => {
      socket.off('error', dropOnError);
      webSockets.handleUpgrade(request, socket, head, (webSocket) => {
        if ('refusal' in outcome) {
          return webSocket.close(outcome.refusal.code === 'server_error' ? CLOSE_SERVER_ERROR : CLOSE_UNAUTHORIZED, outcome.refusal.message);
        }
        if (closing) return webSocket.close(CLOSE_GOING_AWAY, 'The server is shutting down.');
        open(webSocket, outcome.user, outcome.terms);
      });
    });
  });

  return {
    /** Asks every connection to close (1001); new upgrades are refused. */
    close(): void {
      closing = true;
      for (const connection of connections) connection.socket.close(CLOSE_GOING_AWAY, 'The server is shutting down.');
    },
    /** Drops what is still open, at the shutdown deadline. */
    terminate(): void {
      for (const connection of connections) connection.socket.terminate();
    },
  };
}
