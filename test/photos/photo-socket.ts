// A client of the photo library's /photos/ws as the front end opens it, collecting the frames it receives.
import { WebSocket } from 'ws';

export type Frame = Record<string, unknown>;

export interface PhotoSocket {
  socket: WebSocket;
  frames: Frame[];
  /** The next frame, or the first one already received. */
  next(timeoutMs?: number): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
}

export const photoUrl = (baseUrl: string, token?: string) =>
  `${baseUrl.replace(/^http/, 'ws')}/photos/ws${token === undefined ? '' : `?jwt=${encodeURIComponent(token)}&user_id=1`}`;

/** Connects as the front end does and resolves once open (a refused connection opens, then closes with its code). */
export function connectPhotos(baseUrl: string, token?: string): Promise<PhotoSocket> {
  const socket = new WebSocket(photoUrl(baseUrl, token));
  const frames: Frame[] = [];
  let waiting: ((frame: Frame) => void) | undefined;
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (waiting) waiting(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const next = (timeoutMs = 10_000) => new Promise<Frame>((resolve, reject) => {
    if (frames.length > 0) return resolve(frames.shift()!);
    const timer = setTimeout(() => reject(new Error(`no frame within ${timeoutMs} ms`)), timeoutMs);
    waiting = (frame) => {
      clearTimeout(timer);
      waiting = undefined;
      resolve(frame);
    };
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, frames, next, closed }));
    socket.once('error', reject);
  });
}
