// A load balancer of the tests' own, in front of several processes of the service: each new HTTP request and each
// WebSocket upgrade goes to the next upstream in turn, and an upstream that refuses the connection (a process that
// was killed) is skipped, as a balancer's health check would skip it. It records where each request went.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface RoutedRequest {
  kind: 'http' | 'upgrade';
  method: string;
  path: string;
  /** The upstream's URL. */
  upstream: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Where requests go from now on, in this order. */
  setUpstreams(urls: string[]): void;
  /** Every request so far, in the order they came. */
  readonly routed: RoutedRequest[];
  close(): Promise<void>;
}

class NoUpstreamError extends Error {}

// Hop-by-hop headers belong to one connection, not to the request: each side sets its own.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

function connectTo(upstream: URL): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(upstream.port), upstream.hostname);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let upstreams: URL[] = [];
  let next = 0;
  const routed: RoutedRequest[] = [];
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    return socket;
  };

  /** A connection to the next upstream that accepts one. */
  async function connectNext(kind: RoutedRequest['kind'], request: http.IncomingMessage): Promise<net.Socket> {
    for (let tries = 0; tries < upstreams.length; tries += 1) {
      const upstream = upstreams[next % upstreams.length];
      next += 1;
      try {
        const socket = track(await connectTo(upstream));
        routed.push({ kind, method: request.method ?? '', path: request.url ?? '', upstream: upstream.origin });
        return socket;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
      }
    }
    throw new NoUpstreamError('no upstream accepts connections');
  }

  const server = http.createServer(async (request, response) => {
    let socket: net.Socket;
    try {
      socket = await connectNext('http', request);
    } catch {
      response.writeHead(502, { 'Content-Type': 'application/json' }).end('{"detail": "Bad gateway."}');
      return;
    }
    const forwarded = http.request({
      method: request.method, path: request.url, headers: { ...endToEnd(request.headers), connection: 'close' }, createConnection: () => socket,
    });
    forwarded.once('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(response);
      // An upstream killed in the middle of an answer: the client sees its connection cut, as with a real balancer.
      answer.once('aborted', () => response.destroy());
    });
    forwarded.once('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'Content-Type': 'application/json' }).end('{"detail": "Bad gateway."}');
    });
    request.pipe(forwarded);
  });

  server.on('upgrade', async (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    track(client);
    client.on('error', () => client.destroy());
    let socket: net.Socket;
    try {
      socket = await connectNext('upgrade', request);
    } catch {
      client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      return;
    }
    const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
    for (let index = 0; index < request.rawHeaders.length; index += 2) lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) socket.write(head);
    socket.pipe(client).pipe(socket);
    // Either end gone ends the other: a killed upstream closes its clients' connections.
    socket.on('error', () => client.destroy());
    socket.once('close', () => client.destroy());
    client.once('close', () => socket.destroy());
  });
  server.on('connection', track);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    setUpstreams(urls) {
      upstreams = urls.map((url) => new URL(url));
    },
    close: () => new Promise((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
