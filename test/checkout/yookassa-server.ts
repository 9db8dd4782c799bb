// A stand-in for the YooKassa API v3: POST /payments (Basic auth, Idempotence-Key: the same key answers the same
// payment) and GET /payments/<id>. failAfterCreate makes it create the payment and then answer 500, the worst case
// for a client: a retry with another key would make a second payment.
import { randomUUID } from 'node:crypto';
import { type StandIn, standIn } from './stand-in';

export const SHOP_ID = '506751';
export const SECRET_KEY = 'test_secret_key';

export interface YooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  description?: string;
  metadata: Record<string, string>;
  created_at: string;
  test: boolean;
}

export interface YooKassaStandIn extends StandIn {
  payments: Map<string, YooPayment>;
  /** How many of the next creates answer 500 after creating. */
  failAfterCreate: number;
  createRequests(): { key: string | undefined; body: Record<string, unknown> }[];
  settle(id: string, status: 'succeeded' | 'canceled'): void;
}

const error = (status: number, code: string, description: string) => ({ status, body: { type: 'error', id: randomUUID(), code, description } });

export async function yookassaStandIn(): Promise<YooKassaStandIn> {
  const byKey = new Map<string, string>();
  const server = (await standIn(({ method, url, headers, body }) => {
    if (headers.authorization !== `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString('base64')}`) {
      return error(401, 'invalid_credentials', 'Authentication by given credentials failed');
    }
    if (method === 'POST' && url.pathname === '/v3/payments') {
      const key = headers['idempotence-key'] as string | undefined;
      if (!key) return error(400, 'invalid_request', 'Idempotence-Key header is missing');
      let id = byKey.get(key);
      if (!id) {
        const request = JSON.parse(body) as { amount: YooPayment['amount']; confirmation: { return_url: string }; description?: string; metadata?: Record<string, string> };
        id = randomUUID();
        byKey.set(key, id);
        server.payments.set(id, {
          id, status: 'pending', paid: false, amount: request.amount,
          confirmation: { type: 'redirect', confirmation_url: `${server.base}/checkout/${id}`, return_url: request.confirmation.return_url },
          description: request.description, metadata: request.metadata ?? {}, created_at: new Date().toISOString(), test: true,
        });
      }
      if (server.failAfterCreate > 0) {
        server.failAfterCreate -= 1;
        return error(500, 'internal_server_error', 'Internal server error');
      }
      return { status: 200, body: server.payments.get(id) };
    }
    const match = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && match) {
      const payment = server.payments.get(decodeURIComponent(match[1]));
      return payment ? { status: 200, body: payment } : error(404, 'not_found', 'Payment not found');
    }
    return error(404, 'not_found', 'Unknown method');
  })) as YooKassaStandIn;
  server.payments = new Map();
  server.failAfterCreate = 0;
  server.createRequests = () => server.exchanges
    .filter((exchange) => exchange.method === 'POST' && exchange.url.pathname === '/v3/payments')
    .map((exchange) => ({ key: exchange.headers['idempotence-key'] as string | undefined, body: JSON.parse(exchange.body) }));
  server.settle = (id, status) => {
    const payment = server.payments.get(id)!;
    payment.status = status;
    payment.paid = status === 'succeeded';
  };
  return server;
}
