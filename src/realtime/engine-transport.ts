// What the editing channel reads of engine.io's transports beneath Socket.IO: the `ws` socket of a WebSocket
// transport. Long polling has none; callers then fall back to what engine.io does itself.
import type { Socket } from 'socket.io';
import type { WebSocket } from 'ws';

export interface EngineTransport {
  name: string;
  send(packets: unknown[]): void;
  socket?: WebSocket;
}

export const transportOf = (socket: Socket) => (socket.conn as unknown as { transport?: EngineTransport }).transport;

/** The connection's `ws` socket while it runs over WebSocket. */
export function webSocketOf(socket: Socket): WebSocket | undefined {
  const transport = transportOf(socket);
  return transport?.name === 'websocket' ? transport.socket : undefined;
}
