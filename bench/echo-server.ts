// Ceilings for the editing benchmark: a bare Socket.IO server whose /layout namespace acks every message with the
// message itself; with ECHO_FANOUT_FILE, it also joins rooms and sends the file's bytes (a real page) as the ack and to
// the room's other sockets, as the service does. Prints "READY <port>" on stderr.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

type Ack = (answer: unknown) => void;
const fanout = process.env.ECHO_FANOUT_FILE ? JSON.parse(readFileSync(process.env.ECHO_FANOUT_FILE, 'utf8')) : undefined;

const server = http.createServer();
const io = new Server(server, { serveClient: false });
io.of('/layout').on('connection', (socket) => {
  socket.on('join', (payload: { layout_id: string }, ack: Ack) => {
    if (fanout) void socket.join(payload.layout_id);
    ack({ version: 0 });
  });
  socket.on('message', (message: { params: { layout_id: string } }, ack: Ack) => {
    if (!fanout) return ack(message);
    ack(fanout);
    socket.to(message.params.layout_id).emit('layout:changed', fanout);
  });
});
server.listen(0, '127.0.0.1', () => process.stderr.write(`READY ${(server.address() as AddressInfo).port}\n`));
process.once('SIGTERM', () => {
  io.close();
  process.exit(0);
});
