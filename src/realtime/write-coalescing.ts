// Fewer system calls under load. A committed batch answers many messages at once; without this, every ack and
// every event is its own write(2) on its connection, and the system calls cost more than everything else together.
// Both pieces reach into engine.io's websocket transport (its ws socket and that socket's net.Socket); where those
// are not there (long polling, another engine), they do nothing and writes go out as before.
import type { Socket as NetSocket } from 'node:net';
import type { Namespace, Socket } from 'socket.io';
import { transportOf } from './engine-transport';

const tcpSocketOf = (socket: Socket): NetSocket | undefined => {
  const tcp = (transportOf(socket)?.socket as { _socket?: NetSocket } | undefined)?._socket;
  return typeof tcp?.cork === 'function' ? tcp : undefined;
};

/** engine.io writes a queue of packets frame by frame; corked, the queue leaves in one write. */
function writeQueuesAtOnce(socket: Socket): void {
  const transport = transportOf(socket);
  const tcp = tcpSocketOf(socket);
  if (!transport || !tcp || typeof transport.send !== 'function') return;
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    tcp.cork();
    try {
      send(packets);
    } finally {
      tcp.uncork();
    }
  };
}

export function coalesceWrites(channel: Namespace) {
  channel.on('connection', (socket) => {
    writeQueuesAtOnce(socket);
    socket.conn.on('upgrade', () => writeQueuesAtOnce(socket));
  });
  return {
    /** Holds back the writes of these connections until this turn of the event loop ends. */
    holdUntilNextTurn(socketIds: Iterable<string>): void {
      const held: NetSocket[] = [];
      for (const id of socketIds) {
        const tcp = channel.sockets.get(id) && tcpSocketOf(channel.sockets.get(id)!);
        if (tcp && !held.includes(tcp)) {
          tcp.cork();
          held.push(tcp);
        }
      }
      if (held.length > 0) setImmediate(() => held.forEach((tcp) => tcp.uncork()));
    },
  };
}
