// A local HTTP server on 127.0.0.1 for stand-ins of outside services, with switches for how a service misbehaves.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misbehaviour = 'none' | 'down' | 'slow' | 'garbage';

export interface Exchange {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  base: string;
  misbehave: Misbehaviour;
  slowMs: number;
  exchanges: Exchange[];
  close(): Promise<void>;
}

/** 'reset': the connection is cut without an answer. */
type Answer = { status: number; body: unknown } | 'reset';
type Handler = (exchange: Exchange) => Promise<Answer> | Answer;

export async function standIn(handler: Handler): Promise<StandIn> {
  const state: StandIn = { base: '', misbehave: 'none', slowMs: 0, exchanges: [], close: async () => undefined };
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const exchange = { method: request.method ?? 'GET', url: new URL(request.url ?? '/', 'http://127.0.0.1'), headers: request.headers, body };
    state.exchanges.push(exchange);
    if (state.misbehave === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs));
    if (state.misbehave === 'down') return response.writeHead(503).end('Service Unavailable');
    if (state.misbehave === 'garbage') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    const result = await handler(exchange);
    if (result === 'reset') return request.socket.destroy();
    response.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
}
