// The Socket.IO encoder without the binary search writes each packet the service sends exactly as the default
// encoder writes it, so that every Socket.IO client reads it as before; decoding stays the default's.
import { expect } from 'chai';
import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { jsonPacketParser } from '../../src/realtime/json-packets';

const page = {
  id: 'b7b1f0f2-4c1e-4f44-9a51-0b1d2c3e4f50', num: 3, blocks: [
    { id: 'x1', type: 'TEXT', content: { text: 'Лето «на даче»\n"quoted" \\ back\u2028slash 😀' }, frame: [0.1, 0.2, 0.5, 0.25] },
    { id: 'x2', type: 'PHOTO', content: { photo: null }, frame: [0, 0, 1, 1] },
  ],
};

// Every packet shape the service sends: its events (in /layout and in the main namespace), acks with an id, a
// connection's answer and refusal, and a disconnection without data.
const packets: Packet[] = [
  { type: PacketType.EVENT, nsp: '/layout', data: ['layout:changed', { layout_id: 'l1', version: 7, page }] },
  { type: PacketType.EVENT, nsp: '/', data: ['session:ended', { code: 'logged_out', message: 'Logged out.' }] },
  { type: PacketType.ACK, nsp: '/layout', id: 12, data: [{ transaction_id: 't', response_data: { data: page }, version: 7 }] },
  { type: PacketType.ACK, nsp: '/layout', id: 0, data: [{ error: { code: 'not_found', message: 'Layout not found.' } }] },
  { type: PacketType.EVENT, nsp: '/layout', id: 3, data: ['ping'] },
  { type: PacketType.CONNECT, nsp: '/layout', data: { sid: 'abc' } },
  { type: PacketType.CONNECT_ERROR, nsp: '/layout', data: { message: 'Invalid token.' } },
  { type: PacketType.DISCONNECT, nsp: '/layout' },
];

describe('Socket.IO packets written as JSON at once', () => {
  it('writes every packet the service sends exactly as the default encoder does', () => {
    const ours = new jsonPacketParser.Encoder();
    const theirs = new Encoder();
    for (const packet of packets) {
      expect(ours.encode(packet), JSON.stringify(packet)).to.deep.equal(theirs.encode(packet));
    }
  });

  it('writes packets the default decoder reads back whole', () => {
    const encoder = new jsonPacketParser.Encoder();
    for (const packet of packets) {
      const decoder = new Decoder();
      let decoded: Packet | undefined;
      decoder.on('decoded', (value: Packet) => { decoded = value; });
      for (const part of encoder.encode(packet)) decoder.add(part);
      expect(decoded).to.deep.equal(packet);
    }
  });

  it('decodes what clients send with the default decoder, binary attachments included', () => {
    expect(jsonPacketParser.Decoder).to.equal(Decoder);
  });
});
