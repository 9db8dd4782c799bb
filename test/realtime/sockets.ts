// Socket.IO clients of the editing channel, as a front end would connect them.
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export type EditorSocket = Socket;

/** Connects to /layout; rejects with the server's refusal (connect_error). */
export function connectEditor(url: string, auth: { token?: string; query?: string }, options: { reconnection?: boolean } = {}): Promise<Socket> {
  const socket = io(`${url}/layout`, {
    transports: ['websocket'], forceNew: true, reconnection: options.reconnection ?? false,
    auth: auth.token === undefined ? {} : { token: auth.token },
    query: auth.query === undefined ? {} : { jwt: auth.query },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function schemeMessage(layoutId: string, pageId: string, schemeId: number, transactionId = randomUUID()) {
  return { transaction_id: transactionId, object: 'page', action: 'set', params: { layout_id: layoutId, id: pageId }, payload: { id: schemeId } };
}

/** Resolves with the next event of that name, or rejects after the time given. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** Collects every event of that name from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (value: T) => seen.push(value));
  return seen;
}
