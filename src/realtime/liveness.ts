// Liveness of the editing channel's WebSocket connections (the plain WebSocket's, and Socket.IO's over WebSocket): a
// ping frame with a random payload every interval. Only the pong that echoes the last ping's payload counts, so a
// client that never reads cannot keep its connection alive with pongs of its own (any pong used to count); one that
// has not answered by the next ping is dropped. Browsers and `ws` answer pings by themselves.
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Metrics } from '../metrics/metrics';

const PAYLOAD_BYTES = 8;

export function createLiveness(intervalMs: number, metrics: Pick<Metrics, 'editingDrops'>) {
  /** Each watched socket, with the payload of its ping still unanswered (undefined: answered). */
  const sockets = new Map<WebSocket, Buffer | undefined>();
  const pinging = setInterval(() => {
    for (const [socket, unanswered] of sockets) {
      if (unanswered) {
        sockets.delete(socket);
        metrics.editingDrops.inc({ reason: 'unanswered_ping' });
        socket.terminate();
        continue;
      }
      const payload = randomBytes(PAYLOAD_BYTES);
      sockets.set(socket, payload);
      socket.ping(payload);
    }
  }, intervalMs);
  pinging.unref();

  return {
    /** Pings the open socket from now on until it closes. */
    watch(socket: WebSocket): void {
      sockets.set(socket, undefined);
      socket.on('pong', (data: Buffer) => {
        if (sockets.get(socket)?.equals(data)) sockets.set(socket, undefined);
      });
      socket.once('close', () => sockets.delete(socket));
    },
    /** Stops pinging (the server is stopping). */
    close(): void {
      clearInterval(pinging);
    },
  };
}

export type Liveness = ReturnType<typeof createLiveness>;
