// Each editing connection's outgoing buffer is bounded (SOCKET_OUTGOING_BUFFER_BYTES): a client that reads slower than
// it is written to, or never reads, would otherwise hold ever more of the process's memory (a 170-byte join is
// answered with the whole layout). A connection whose buffer already holds more than the bound when something more is
// to be sent is closed instead, with 4408 (reads as HTTP's 408: the client did not keep up).
import type { Socket } from 'socket.io';
import { WebSocket } from 'ws';
import type { Metrics } from '../metrics/metrics';
import { webSocketOf } from './engine-transport';

export const CLOSE_SLOW_READER = 4408;

interface EnginePacket {
  data?: string | { byteLength: number };
}

const packetBytes = (packet: EnginePacket) => (typeof packet.data === 'string' ? Buffer.byteLength(packet.data) : packet.data?.byteLength ?? 0);

export function createOutgoingBuffers(limitBytes: number, metrics: Pick<Metrics, 'editingDrops' | 'watchEditingOutgoingBytes'>) {
  /** `ws` sockets counted by their bufferedAmount: the plain WebSocket's, and Socket.IO's once disconnected but not yet closed. */
  const webSockets = new Set<WebSocket>();
  /** Socket.IO's connections, with the bytes of engine.io's write buffer for each. */
  const engineQueues = new Map<Socket, number>();
  metrics.watchEditingOutgoingBytes(() => {
    let bytes = 0;
    for (const socket of webSockets) bytes += socket.bufferedAmount;
    for (const [socket, queued] of engineQueues) bytes += queued + (webSocketOf(socket)?.bufferedAmount ?? 0);
    return bytes;
  });

  /** Counted until it closes. */
  const watchWebSocket = (socket: WebSocket) => {
    if (socket.readyState === WebSocket.CLOSED) return;
    webSockets.add(socket);
    socket.once('close', () => webSockets.delete(socket));
  };
  /** The close frame follows what is buffered; nothing more is sent. */
  const closeSlowReader = (socket: WebSocket) => {
    metrics.editingDrops.inc({ reason: 'slow_reader' });
    socket.close(CLOSE_SLOW_READER, `Too slow: more than ${limitBytes} bytes were waiting to be sent.`);
  };

  return {
    watchWebSocket,
    /** Whether the `ws` socket already holds more than the bound; if so it has been closed, and the caller sends nothing. */
    overflows(socket: WebSocket): boolean {
      if (socket.bufferedAmount <= limitBytes) return false;
      closeSlowReader(socket);
      return true;
    },
    /**
     * Socket.IO: what waits is engine.io's write buffer (packets held while the transport still writes earlier ones)
     * plus, over WebSocket, the `ws` socket's bufferedAmount. The write buffer holds a whole turn's packets even for a
     * client that reads at once (the transport writes one batch at a time), so it is checked when the turn in which
     * packets were queued has ended. Past the bound the connection is closed: its WebSocket with 4408 (the client's
     * disconnect details carry the code), then engine.io's socket, which discards its write buffer.
     */
    watchSocketIo(socket: Socket): void {
      let checking = false;
      engineQueues.set(socket, 0);
      const check = () => {
        const queued = engineQueues.get(socket);
        checking = false;
        if (queued === undefined || queued + (webSocketOf(socket)?.bufferedAmount ?? 0) <= limitBytes) return;
        engineQueues.delete(socket);
        const webSocket = webSocketOf(socket);
        if (webSocket) closeSlowReader(webSocket);
        else metrics.editingDrops.inc({ reason: 'slow_reader' });
        socket.conn.close(true);
      };
      socket.conn.on('packetCreate', (packet: EnginePacket) => {
        const queued = engineQueues.get(socket);
        if (queued === undefined) return;
        engineQueues.set(socket, queued + packetBytes(packet));
        if (!checking) setImmediate(check);
        checking = true;
      });
      socket.conn.on('flush', () => {
        if (engineQueues.has(socket)) engineQueues.set(socket, 0);
      });
      socket.once('disconnect', () => {
        const webSocket = webSocketOf(socket);
        if (webSocket) watchWebSocket(webSocket);
        engineQueues.delete(socket);
      });
    },
  };
}

export type OutgoingBuffers = ReturnType<typeof createOutgoingBuffers>;
