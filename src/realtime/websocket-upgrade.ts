// What the plain WebSockets (the editing channel's and the photo library's) share at the upgrade: the token (?jwt=)
// checked before it completes, the HTTP answer to one that is not served, the close codes, and bounded sending.
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, type WebSocketServer } from 'ws';
import type { AccountsService } from '../auth/accounts-service';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import { editorOf } from './handshake';
import type { OutgoingBuffers } from './outgoing-buffer';
import { SESSION_ENDS } from './session-end';

// The 4000-4999 close codes are the application's: 4401 reads as HTTP's 401 (see session-end.ts).
const CLOSE_UNAUTHORIZED = SESSION_ENDS.invalid_token.closeCode;
const CLOSE_SERVER_ERROR = 1011;
export const CLOSE_GOING_AWAY = 1001;
// Reads as HTTP's 429: the user already holds SOCKETS_PER_USER connections.
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;
export const SHUTTING_DOWN = 'The server is shutting down.';

/** The path of an upgrade's target, without a trailing slash; undefined when the target is not a URL. */
export function upgradePath(request: IncomingMessage): { path: string; url: URL } | undefined {
  const target = request.url ?? '/';
  if (!URL.canParse(target, 'http://service')) return undefined;
  const url = new URL(target, 'http://service');
  return { path: url.pathname.replace(/\/$/, ''), url };
}

/** An upgrade that is not served: an HTTP answer with a DRF-style body, then the connection ends. */
export function refuseUpgrade(socket: Duplex, status: 404 | 503): void {
  const body = JSON.stringify({ detail: status === 404 ? 'Not found.' : SHUTTING_DOWN });
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export interface TokenUpgrade {
  /** Whom ?jwt= stands for. */
  accounts: Pick<AccountsService, 'holderOf'>;
  /** True once the server is stopping: a connection that completes then is closed with 1001. */
  closing(): boolean;
}

/**
 * Checks the token of ?jwt=, then completes the upgrade: a refused token closes the new connection with 4401 and the
 * reason (1011 when the check itself failed); otherwise open(webSocket, user, terms).
 */
export function upgradeWithToken(
  webSockets: WebSocketServer, request: IncomingMessage, socket: Duplex, head: Buffer, url: URL, check: TokenUpgrade,
  open: (webSocket: WebSocket, user: AuthenticatedUser, terms: TokenTerms) => void,
): void {
  // Until the upgrade completes nothing else listens here, and an unheard socket error would end the process.
  const dropOnError = () => socket.destroy();
  socket.on('error', dropOnError);
  void editorOf(url.searchParams.get('jwt') ?? undefined, check.accounts).then((outcome) => {
    socket.off('error', dropOnError);
    webSockets.handleUpgrade(request, socket, head, (webSocket) => {
      if ('refusal' in outcome) {
        return webSocket.close(outcome.refusal.code === 'server_error' ? CLOSE_SERVER_ERROR : CLOSE_UNAUTHORIZED, outcome.refusal.message);
      }
      if (check.closing()) return webSocket.close(CLOSE_GOING_AWAY, SHUTTING_DOWN);
      open(webSocket, outcome.user, outcome.terms);
    });
  });
}

/** Sends the frame as JSON text unless the socket is no longer open or its outgoing buffer is past the bound. */
export function sendFrame(socket: WebSocket, frame: object, outgoingBuffers: OutgoingBuffers): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (!outgoingBuffers.overflows(socket)) socket.send(JSON.stringify(frame));
}
