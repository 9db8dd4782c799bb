// A stand-in for the YooKassa API v3: POST /payments and POST /refunds (Basic auth, Idempotence-Key: the same key
// answers the same payment or refund) and GET /payments/<id>. failAfterCreate and failAfterRefund make it create the
// payment or refund and then answer 500, the worst case for a client: a retry with another key would make a second.
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

export interface YooRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: { value: string; currency: string };
  created_at: string;
}

export interface YooKassaStandIn extends StandIn {
  payments: Map<string, YooPayment>;
  refunds: Map<string, YooRefund>;
  /** How many of the next refunds answer 500 after refunding. */
  failAfterRefund: number;
  refundRequests(): { key: string | undefined; body: Record<string, unknown> }[];
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
    if (method === 'POST' && url.pathname === '/v3/refunds') {
      const key = headers['idempotence-key'] as string | undefined;
      if (!key) return error(400, 'invalid_request', 'Idempotence-Key header is missing');
      let id = byKey.get(key);
      if (!id) {
        const request = JSON.parse(body) as { payment_id: string; amount: YooRefund['amount'] };
        const payment = server.payments.get(request.payment_id);
        if (!payment || payment.status !== 'succeeded') return error(400, 'invalid_request', 'Payment cannot be refunded');
        if (Number(request.amount.value) > Number(payment.amount.value)) return error(400, 'invalid_request', 'Refund amount exceeds the payment');
        id = randomUUID();
        byKey.set(key, id);
        server.refunds.set(id, { id, payment_id: payment.id, status: 'succeeded', amount: request.amount, created_at: new Date().toISOString() });
      }
      if (server.failAfterRefund > 0) {
        server.failAfterRefund -= 1;
        return error(500, 'internal_server_error', 'Internal server error');
      }
      return { status: 200, body: server.refunds.get(id) };
    }
    const match = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && match) {
      const payment = server.payments.get(decodeURIComponent(match[1]));
      return payment ? { status: 200, body: payment } : error(404, 'not_found', 'Payment not found');
    }
    return error(404, 'not_found', 'Unknown method');
  })) as YooKassaStandIn;
  server.payments = new Map();
  server.refunds = new Map();
  server.failAfterCreate = 0;
  server.failAfterRefund = 0;
  const requestsTo = (pathname: string) => server.exchanges
    .filter((exchange) => exchange.method === 'POST' && exchange.url.pathname === pathname)
    .map((exchange) => ({ key: exchange.headers['idempotence-key'] as string | undefined, body: JSON.parse(exchange.body) }));
  server.createRequests = () => requestsTo('/v3/payments');
  server.refundRequests = () => requestsTo('/v3/refunds');
  server.settle = (id, status) => {
    const payment = server.payments.get(id)!;
    payment.status = status;
    payment.paid = status === 'succeeded';
  };
  return server;
}
