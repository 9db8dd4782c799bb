// Socket.IO's packets written as text without first searching them for binary data: this service sends only JSON.
//
// The default encoder walks every event and ack before writing it, field by field, looking for Buffers to send as
// attachments (socket.io-parser's hasBinary). An acknowledged edit's answer is a page of about 2 KB, and the change
// goes to every other editor of the book as well: the walk was about 2% of the CPU of an acknowledged edit. Nothing
// the service sends over Socket.IO holds binary data (its acks and events are built from JSON: stored rows, presented
// pages), so each packet is written at once, in the form the default encoder gives a packet without binary data
// (Socket.IO protocol v5: type, namespace other than "/" and a comma, ack id, JSON of the data). Should an event ever
// need to carry bytes, it must go back to the default parser (a Buffer would otherwise arrive as its JSON).
// What clients send is decoded by the default decoder, binary attachments included.
import { Decoder, type Packet } from 'socket.io-parser';

class JsonEncoder {
  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id !== undefined && packet.id !== null) text += packet.id;
    if (packet.data !== undefined && packet.data !== null) text += JSON.stringify(packet.data);
    return [text];
  }
}

/** The `parser` option of the Socket.IO server. */
export const jsonPacketParser = { Encoder: JsonEncoder, Decoder };
