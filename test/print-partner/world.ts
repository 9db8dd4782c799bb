// The print partner tests' world: the sandbox partner as a local server of its own (Lulu's Print API), the shop
// serving on a port it knows (the partner fetches files and posts webhooks there), YooKassa's and DDelivery's
// stand-ins, a demo catalog whose books print, and paid sets made through the real checkout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import request from 'supertest';
import { createValidator } from '../../src/http/validation';
import { createSandboxPartner, type SandboxFaults, type SandboxPartner } from '../../src/print/partner/sandbox';
import { seedDemoCatalog } from '../../src/seed/demo';
import { startServer } from '../../src/server';
import { roleTokens, type RoleTokens } from '../admin/helpers';
import { courier } from '../checkout/checkout';
import { ddeliveryStandIn, API_KEY } from '../checkout/ddelivery-server';
import { SECRET_KEY, SHOP_ID, yookassaStandIn, type YooKassaStandIn } from '../checkout/yookassa-server';
import { freePort, type TestRuntime, testRuntime } from '../helpers/runtime';
import { newBook } from '../print/placed-book';
import { type Shopper, shopper } from '../orders/shop';

export const LULU_KEY = 'photobook-test-key';
export const LULU_SECRET = 'photobook-test-secret-0123456789';
export const STEP_MS = 150;

export interface PartnerWorld {
  runtime: TestRuntime;
  client: ReturnType<typeof request>;
  validator: ReturnType<typeof createValidator>;
  yookassa: YooKassaStandIn;
  sandbox: SandboxPartner;
  sandboxBase: string;
  shopBase: string;
  tokens: RoleTokens;
  faults(switches: Partial<SandboxFaults>): Promise<void>;
  /** A shopper's set of `books` books, confirmed and paid at YooKassa's stand-in. */
  paidSet(books?: number): Promise<{ who: Shopper; set: number; paymentId: string }>;
  /** The hold's end, now: what ORDER_HOLD_MINUTES of waiting would do to the set and its waiting send job. */
  endHold(set: number): Promise<void>;
  rows(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

let counter = 0;

/** Interior pages of the tests' books: a casewrap book at Lulu takes 24 or more. */
export const BOOK_PAGES = 24;

/** The demo book (10 pages) grown to `pages` interior pages by repeating its pages, as a shopper adding spreads would. */
export async function growBook(runtime: TestRuntime, layoutId: string, pages: number): Promise<void> {
  const { rows: columns } = await runtime.db.sql.query<{ name: string }>(
    "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'layout_pages' AND column_name NOT IN ('id', 'num')");
  const list = columns.map((column) => column.name).join(', ');
  await runtime.db.sql.query(
    `INSERT INTO layout_pages (num, ${list})
     SELECT n, ${columns.map((column) => `p.${column.name}`).join(', ')}
       FROM generate_series((SELECT max(num) + 1 FROM layout_pages WHERE layout_id = $1), $2) AS n
       JOIN layout_pages p ON p.layout_id = $1 AND p.type = 'PAGE'
        AND p.num = 1 + (n - 1) % (SELECT max(num) FROM layout_pages WHERE layout_id = $1)`, [layoutId, pages]);
  await runtime.db.sql.query('UPDATE layouts SET num_pages = $2 WHERE id = $1', [layoutId, pages]);
}

export async function partnerWorld(env: Record<string, string> = {}): Promise<PartnerWorld> {
  const shopPort = await freePort();
  const shopBase = `http://127.0.0.1:${shopPort}`;
  const sandbox = createSandboxPartner('', {
    clientKey: LULU_KEY, clientSecret: LULU_SECRET, stepMs: STEP_MS, webhookUrl: `${shopBase}/api/print-partner/lulu/webhook/`,
  });
  const partnerApp = new Koa();
  partnerApp.use(koaBody());
  partnerApp.use(sandbox.router.routes());
  const partnerServer = http.createServer(partnerApp.callback());
  await new Promise<void>((resolve) => partnerServer.listen(0, '127.0.0.1', resolve));
  const sandboxBase = `http://127.0.0.1:${(partnerServer.address() as AddressInfo).port}`;
  const ddelivery = await ddeliveryStandIn();
  const yookassa = await yookassaStandIn();
  const runtime = await testRuntime({
    PUBLIC_BASE_URL: shopBase, DELIVERY_PROVIDER: 'ddelivery', DDELIVERY_URL: ddelivery.base, DDELIVERY_API_KEY: API_KEY,
    PAYMENT_PROVIDER: 'yookassa', YOOKASSA_URL: `${yookassa.base}/v3`, YOOKASSA_SHOP_ID: SHOP_ID, YOOKASSA_SECRET_KEY: SECRET_KEY,
    YOOKASSA_TIMEOUT_MS: '500', PRINT_PARTNER: 'lulu', LULU_URL: sandboxBase, LULU_CLIENT_KEY: LULU_KEY, LULU_CLIENT_SECRET: LULU_SECRET,
    ORDER_HOLD_MINUTES: '60', JOB_RETRY_DELAY_SECONDS: '1', JOB_RETRY_BACKOFF: '0', ...env,
  });
  await seedDemoCatalog(runtime, 1);
  const server = await startServer(runtime, { worker: true, port: shopPort });
  const client = request(shopBase);
  const tokens = await roleTokens(runtime);
  const rows = async (text: string, params: unknown[] = []) => (await runtime.db.sql.query<Record<string, unknown>>(text, params)).rows;
  return {
    runtime, client, validator: createValidator(runtime.schemas), yookassa, sandbox, sandboxBase, shopBase, tokens, rows,
    async faults(switches) {
      const response = await fetch(`${sandboxBase}/faults/`, {
        method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reject: null, ...switches }),
      });
      expect(response.status).to.equal(200);
    },
    async paidSet(books = 1) {
      const who = await shopper(runtime, `partner${(counter += 1)}-${Date.now()}@example.com`);
      let set = 0;
      for (let book = 0; book < books; book += 1) {
        const { layoutId } = await newBook(runtime, who.id);
        await growBook(runtime, layoutId, BOOK_PAGES);
        const added = await client.post('/api/merch/order/').set('Authorization', who.auth).send({ layout_id: layoutId, count: 1 });
        expect(added.status, JSON.stringify(added.body)).to.equal(201);
        set = added.body.orderset_id;
      }
      const cost = Number((await client.get('/api/merch/orderset/').set('Authorization', who.auth)).body[0].total_cost);
      const confirmed = await client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth)
        .send(courier({ is_confirm: true, price: cost, delivery_sum: 319.35 }));
      expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
      const payment = [...yookassa.payments.values()].find((candidate) => candidate.metadata.order_set_id === String(set))!;
      yookassa.settle(payment.id, 'succeeded');
      const notified = await client.post('/api/merch/payment/webhook/')
        .send({ type: 'notification', event: 'payment.succeeded', object: { id: payment.id, status: 'succeeded', paid: true } });
      expect(notified.body).to.deep.equal({ outcome: 'paid' });
      return { who, set, paymentId: payment.id };
    },
    async endHold(set) {
      await rows('UPDATE order_sets SET print_hold_until = now() WHERE id = $1', [set]);
      await rows("UPDATE pgboss.job SET start_after = now() WHERE name = 'send-to-print-partner' AND (data->>'orderSetId')::int = $1 AND state = 'created'", [set]);
    },
    async close() {
      await sandbox.stop();
      await server.stop();
      await runtime.dispose();
      await new Promise((resolve) => partnerServer.close(resolve));
      await ddelivery.close();
      await yookassa.close();
    },
  };
}
