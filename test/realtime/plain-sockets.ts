// Plain WebSocket clients of the editing channel (the `ws` package), as the shop's front end opens them.
import { WebSocket, type ClientOptions } from 'ws';

export type Frame = Record<string, unknown>;

export interface PlainEditor {
  socket: WebSocket;
  /** Sends an object as a JSON text frame, or a string or Buffer as it is (a Buffer as a binary frame). */
  send(data: object | string | Buffer): void;
  /** The first frame received (or still to come) that matches, taken out of the queue. */
  next(matches?: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Sends the message and resolves with the answer carrying its transaction_id. */
  ask(message: Frame & { transaction_id: string }): Promise<Frame>;
  /** The pushed events received so far. */
  events(): Frame[];
  /** Resolves with the close code and reason when the connection ends. */
  closed: Promise<{ code: number; reason: string }>;
}

export const plainUrl = (baseUrl: string, token?: string) =>
  `${baseUrl.replace(/^http/, 'ws')}/api/ua/product/ws${token === undefined ? '' : `?jwt=${encodeURIComponent(token)}`}`;

/** Connects and resolves once the connection is open (a refused one opens, then closes with its code). */
export function connectPlain(baseUrl: string, token?: string, options: ClientOptions = {}): Promise<PlainEditor> {
  const socket = new WebSocket(plainUrl(baseUrl, token), options);
  const frames: Frame[] = [];
  const waiting: { matches: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    const waiter = waiting.find((candidate) => candidate.matches(frame));
    if (!waiter) return frames.push(frame);
    waiting.splice(waiting.indexOf(waiter), 1);
    waiter.resolve(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const next = (matches: (frame: Frame) => boolean = () => true, timeoutMs = 5000) => new Promise<Frame>((resolve, reject) => {
    const queued = frames.find(matches);
    if (queued) {
      frames.splice(frames.indexOf(queued), 1);
      return resolve(queued);
    }
    const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms`)), timeoutMs);
    waiting.push({ matches, resolve: (frame) => {
      clearTimeout(timer);
      resolve(frame);
    } });
  });
  const editor: PlainEditor = {
    socket,
    closed,
    next,
    send: (data) => socket.send(typeof data === 'string' || Buffer.isBuffer(data) ? data : JSON.stringify(data)),
    ask(message) {
      editor.send(message);
      return next((frame) => frame.transaction_id === message.transaction_id && !('event' in frame));
    },
    events: () => frames.filter((frame) => 'event' in frame),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(editor));
    socket.once('error', reject);
  });
}
