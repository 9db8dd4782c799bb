// A TCP proxy of the test's own between the service and PostgreSQL, that can fail the way networks do: reset every
// connection and refuse new ones (a server gone), or stop forwarding without closing anything (a partition).
import net, { type AddressInfo } from 'node:net';

export interface FaultyProxy {
  readonly port: number;
  /** Resets every connection and refuses new ones (the port is closed) until heal(). */
  refuse(): Promise<void>;
  /** Forwards nothing either way, closes nothing, and leaves new connections unanswered until heal(). */
  partition(): void;
  /** Delays everything forwarded by ms (a slow database); 0: no delay. */
  slow(ms: number): void;
  /** Forwards again (on the same port). */
  heal(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: { host: string; port: number }): Promise<FaultyProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let partitioned = false;
  let delayMs = 0;
  const held: net.Socket[] = [];

  const forward = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    // Written only while not partitioned: in a partition what is sent is lost, as on a network that drops it.
    // Timers of one delay fire in the order they were set, so a delayed stream keeps its order.
    const send = (to: net.Socket, chunk: Buffer) => {
      if (partitioned) return;
      if (delayMs === 0) to.write(chunk);
      else setTimeout(() => to.write(chunk), delayMs);
    };
    client.on('data', (chunk) => send(upstream, chunk));
    upstream.on('data', (chunk) => send(client, chunk));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  };

  const server = net.createServer((client) => {
    if (partitioned) {
      held.push(client);
      client.on('error', () => undefined);
      return;
    }
    forward(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const closeListener = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    async refuse() {
      const closed = closeListener();
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      await closed;
    },
    partition() {
      partitioned = true;
    },
    slow(ms) {
      delayMs = ms;
    },
    async heal() {
      partitioned = false;
      // Connections opened during the partition are dropped, as their handshakes would have timed out.
      held.splice(0).forEach((client) => client.resetAndDestroy());
      if (!server.listening) await listen(port);
    },
    async close() {
      held.splice(0).forEach((client) => client.destroy());
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      if (server.listening) await closeListener();
    },
  };
}
