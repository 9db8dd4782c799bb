// An editor of one layout as a front end keeps it going behind a balancer: each message is sent until it is
// acknowledged, and a lost connection is opened again through the balancer (so to any live process) and the layout
// joined again; sending the same transaction_id again is harmless, it answers the first ack.
import { connectEditor, type EditorSocket, schemeMessage } from '../realtime/sockets';

export type SchemeMessage = ReturnType<typeof schemeMessage>;

export interface Ack {
  transaction_id: string;
  version?: number;
  response_data?: { data: { id: string; template: { id: number } } };
  error?: { code: string; message: string };
}

export interface Acknowledged {
  message: SchemeMessage;
  ack: Ack;
  /** When the ack arrived (Date.now()). */
  at: number;
}

const SEND_ATTEMPTS = 6;
const ACK_TIMEOUT_MS = 10_000;

/** The ack, or a rejection when the connection is lost (or nothing comes back in time) first. */
function ackOf(socket: EditorSocket, event: string, payload: unknown): Promise<Ack> {
  return new Promise((resolve, reject) => {
    const lost = () => reject(new Error('connection lost before the ack'));
    socket.once('disconnect', lost);
    socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)
      .then(resolve, reject)
      .finally(() => socket.off('disconnect', lost));
  });
}

export class EditorSession {
  private socket: EditorSocket | undefined;
  /** How many times send() had to open the connection again. */
  reconnections = 0;

  constructor(private readonly base: string, private readonly token: string, readonly layoutId: string) {}

  /** Connects through the balancer and joins the layout; the join's ack. */
  async connect(): Promise<{ version: number }> {
    this.socket?.close();
    this.socket = await connectEditor(this.base, { token: this.token });
    const joined = await ackOf(this.socket, 'join', { layout_id: this.layoutId }) as Ack & { version: number };
    if (joined.error) throw new Error(`join: ${JSON.stringify(joined.error)}`);
    return joined;
  }

  get current(): EditorSocket {
    if (!this.socket) throw new Error('not connected');
    return this.socket;
  }

  /** Sends until acknowledged: again after a lost connection, and again after server_error (nothing was saved). */
  async send(message: SchemeMessage): Promise<Acknowledged> {
    let failure: unknown;
    for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt += 1) {
      try {
        if (!this.socket?.connected) {
          await this.connect();
          this.reconnections += 1;
        }
        const ack = await ackOf(this.socket!, 'message', message);
        if (ack.error?.code === 'server_error') throw new Error(ack.error.message);
        return { message, ack, at: Date.now() };
      } catch (error) {
        failure = error;
        this.socket?.close();
      }
    }
    throw new Error(`no ack after ${SEND_ATTEMPTS} attempts: ${String(failure)}`);
  }

  close(): void {
    this.socket?.close();
  }
}
