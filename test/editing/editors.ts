// An editor of a book over either transport of the editing channel, joined to one layout: it sends messages and
// hears the layout's changes the same way whether it speaks Socket.IO or the plain WebSocket.
import { randomUUID } from 'node:crypto';
import { connectPlain } from '../realtime/plain-sockets';
import { collect, connectEditor } from '../realtime/sockets';

export type Transport = 'socket.io' | 'plain';
export const TRANSPORTS: Transport[] = ['socket.io', 'plain'];

export interface Ack {
  transaction_id: string | null;
  version?: number;
  response_data?: Record<string, unknown> & { data: Record<string, unknown> | null };
  error?: { code: string; message: string };
}

export interface BookEditor {
  ask(message: object): Promise<Ack>;
  /** The layout:changed events heard so far, oldest first. */
  changes: Record<string, unknown>[];
  /** Resolves when `count` changes have been heard. */
  heard(count: number, timeoutMs?: number): Promise<Record<string, unknown>[]>;
  close(): void;
}

function waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`no ${what} within ${timeoutMs} ms`));
      setTimeout(poll, 10);
    };
    poll();
  });
}

export async function joinedEditor(transport: Transport, baseUrl: string, token: string, layoutId: string): Promise<BookEditor> {
  let changes: Record<string, unknown>[];
  let ask: (message: object) => Promise<Ack>;
  let close: () => void;
  if (transport === 'socket.io') {
    const socket = await connectEditor(baseUrl, { token });
    await socket.emitWithAck('join', { layout_id: layoutId });
    changes = collect<Record<string, unknown>>(socket, 'layout:changed');
    ask = (message) => socket.emitWithAck('message', message) as Promise<Ack>;
    close = () => socket.close();
  } else {
    const plain = await connectPlain(baseUrl, token);
    await plain.ask({ transaction_id: randomUUID(), object: 'layout', action: 'join', params: { layout_id: layoutId } });
    const heard: Record<string, unknown>[] = [];
    changes = heard;
    plain.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { event?: string; data?: Record<string, unknown> };
      if (frame.event === 'layout:changed') heard.push(frame.data!);
    });
    ask = (message) => plain.ask(message as { transaction_id: string }) as unknown as Promise<Ack>;
    close = () => plain.socket.close();
  }
  return {
    ask, changes, close,
    heard: (count, timeoutMs = 5000) => waitFor(() => (changes.length >= count ? changes.slice(0, count) : undefined), timeoutMs, `${count} changes`),
  };
}

/** An editing message in the specification's shape, with a new transaction id. */
export const editMessage = (object: string, action: string, layoutId: string, id: string | undefined, payload: object = {}) => ({
  transaction_id: randomUUID(), object, action, params: id === undefined ? { layout_id: layoutId } : { layout_id: layoutId, id }, payload,
});
