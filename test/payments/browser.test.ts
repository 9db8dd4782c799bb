// End to end in headless Chromium (Debian's chromium package): a shopper's cart, the confirmed delivery, the
// sandbox payment page and its Pay button, to PAID.
import net, { type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { type Browser, chromium } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { recipient } from '../checkout/checkout';
import { layoutOf, shopper, stockShop } from '../orders/shop';

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe(`checkout in a browser (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    runtime = await testRuntime({ PUBLIC_BASE_URL: base, PAYMENT_RETURN_URL: `${base}/healthz` });
    await stockShop(runtime);
    server = await startServer(runtime, { worker: true, port });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await runtime.dispose();
  });

  it('goes from the cart to PAID through the sandbox payment page', async () => {
    const ann = await shopper(runtime, 'ann@example.com');
    const layout = await layoutOf(runtime, ann.id, 2, 24);
    const page = await browser.newPage();
    await page.goto(`${base}/healthz`);
    // The front end's calls, made by the page itself.
    // Answers of many shapes, checked field by field below.
    type Answer = { status: number; body: any };
    const api = (path: string, method = 'GET', body?: unknown): Promise<Answer> => page.evaluate(async ({ path, method, body, auth }) => {
      const response = await fetch(path, { method, headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    }, { path, method, body, auth: ann.auth });

    const order = await api(`/api/ua/layout/${layout}/`, 'POST');
    expect(order.status).to.equal(201);
    const set = order.body.orderset_id;
    const quote = await api(`/api/merch/orderset/${set}/delivery/check_delivery_price/`, 'POST', { type: 'PVZ', to_city_id: 2, delivery_company_id: 2 });
    expect(quote.body).to.deep.equal({ price: 423.15 });
    const confirmed = await api(`/api/merch/orderset/${set}/delivery/`, 'POST', {
      type: 'PVZ', to_city_id: 2, delivery_point_id: 22, ...recipient, is_confirm: true, price: 1630, delivery_sum: 423.15,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);

    await page.goto(confirmed.body.link);
    expect(await page.textContent('#amount')).to.equal('2053.15 RUB');
    await page.click('#pay');
    await page.waitForSelector('#status[data-status="succeeded"]');
    expect(await page.textContent('#status')).to.equal('Payment succeeded');
    await page.click('#return');
    await page.waitForURL(`${base}/healthz`);

    const sets = await api('/api/merch/orderset/');
    expect(sets.body[0]).to.include({ id: set, status: 'PAID', total_cost: 1630 });
    expect(sets.body[0].delivery).to.include({ type: 'PVZ', status: 'placed', price: 423.15, delivery_point_id: 22 });
    const { rows } = await runtime.db.sql.query("SELECT id FROM pgboss.job WHERE name = 'order-paid' AND (data->>'orderSetId')::int = $1", [set]);
    expect(rows).to.have.length(1);
  });
});
