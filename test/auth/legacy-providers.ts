// Stand-ins for VK and the legacy Instagram API, speaking their documented contracts, with switches for the ways a
// provider can misbehave.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misbehaviour = 'none' | 'slow' | 'garbage' | 'down-500';

export interface LegacyProviderServer {
  base: string;
  clientId: string;
  clientSecret: string;
  /** Codes the provider issued that it will accept, once each. */
  issueCode(userId: string): string;
  misbehave: Misbehaviour;
  requests: string[];
  close(): Promise<void>;
}

async function listen(handler: (request: http.IncomingMessage, url: URL, body: URLSearchParams) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>, server: LegacyProviderServer): Promise<string> {
  const httpServer = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    server.requests.push(url.pathname);
    let raw = '';
    for await (const chunk of request) raw += chunk;
    if (server.misbehave === 'slow') {
      // Slower than any deadline: no answer until the caller gives up and closes the connection.
      response.on('close', () => response.destroy());
      return;
    }
    if (server.misbehave === 'down-500') {
      response.writeHead(500).end('upstream error');
      return;
    }
    if (server.misbehave === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    const result = await handler(request, url, new URLSearchParams(raw));
    response.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  server.close = () => new Promise((resolve) => {
    httpServer.closeAllConnections();
    httpServer.close(() => resolve());
  });
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
}

type StandIn = LegacyProviderServer & { codes: Map<string, string> };

function standIn(clientId: string): StandIn {
  const codes = new Map<string, string>();
  let issued = 0;
  return {
    base: '', clientId, clientSecret: `${clientId}-secret`, misbehave: 'none', requests: [], codes,
    issueCode(userId) {
      issued += 1;
      const code = `code-${clientId}-${issued}`;
      codes.set(code, userId);
      return code;
    },
    close: async () => undefined,
  };
}

/** VK: GET /access_token -> {access_token, expires_in, user_id, email}; GET /method/users.get -> {response: [...]}. */
export async function startVkStandIn(redirectUri: string): Promise<LegacyProviderServer> {
  const server = standIn('vk-client');
  server.base = await listen((_request, url) => {
    if (url.pathname === '/access_token') {
      const userId = server.codes.get(url.searchParams.get('code') ?? '');
      const valid = userId && url.searchParams.get('client_id') === server.clientId
        && url.searchParams.get('client_secret') === server.clientSecret && url.searchParams.get('redirect_uri') === redirectUri;
      if (!valid) return { status: 401, body: { error: 'invalid_grant', error_description: 'Code is invalid or expired.' } };
      server.codes.delete(url.searchParams.get('code')!);
      return { status: 200, body: { access_token: `vk-token-${userId}`, expires_in: 86400, user_id: Number(userId), email: `id${userId}@vk.test` } };
    }
    if (url.pathname === '/method/users.get') {
      const token = url.searchParams.get('access_token') ?? '';
      if (!token.startsWith('vk-token-')) return { status: 200, body: { error: { error_code: 5, error_msg: 'User authorization failed' } } };
      const id = Number(token.slice('vk-token-'.length));
      return { status: 200, body: { response: [{ id, first_name: 'Иван', last_name: `Вконтактов${id}` }] } };
    }
    return { status: 404, body: { error: 'not found' } };
  }, server);
  return server;
}

/** Legacy Instagram: POST /oauth/access_token (form) -> {access_token, user: {id, username, full_name, ...}}. */
export async function startInstagramStandIn(redirectUri: string): Promise<LegacyProviderServer> {
  const server = standIn('instagram-client');
  server.base = await listen((request, url, body) => {
    if (url.pathname === '/oauth/access_token' && request.method === 'POST') {
      const userId = server.codes.get(body.get('code') ?? '');
      const valid = userId && body.get('client_id') === server.clientId && body.get('client_secret') === server.clientSecret
        && body.get('grant_type') === 'authorization_code' && body.get('redirect_uri') === redirectUri;
      if (!valid) return { status: 400, body: { error_type: 'OAuthException', code: 400, error_message: 'Matching code was not found or was already used.' } };
      server.codes.delete(body.get('code')!);
      return { status: 200, body: { access_token: `ig-token-${userId}`, user: { id: userId, username: `insta${userId}`, full_name: `Insta ${userId}`, profile_picture: '' } } };
    }
    return { status: 404, body: { error_type: 'NotFound' } };
  }, server);
  return server;
}
