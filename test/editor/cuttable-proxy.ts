// A TCP proxy in front of the service whose line the test can cut: every open connection is dropped and new ones are
// refused until it is restored, as when a shopper's network goes away and comes back.
import net, { type AddressInfo } from 'node:net';

export interface CuttableProxy {
  url: string;
  /** Where to forward to (set once the service listens). */
  forwardTo(port: number): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function cuttableProxy(port: number): Promise<CuttableProxy> {
  let upstreamPort = 0;
  let cutOff = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cutOff) return client.destroy();
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo: (to) => { upstreamPort = to; },
    cut() {
      cutOff = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cutOff = false;
    },
    close: () => new Promise((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
