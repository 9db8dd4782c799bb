// End to end in headless Chromium (test/helpers/browser.ts), as the shop's front end walks it: a shopper's cart,
// the price check, the delivery request, the pay action, the payment link opened by a form POST, its Pay button,
// to PAID and the aggregator's draft confirmed.
import { expect } from 'chai';
import { type BrowserWorld, browserWorld } from '../helpers/browser';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { queueDrained } from '../helpers/jobs';
import { recipient } from '../checkout/checkout';
import { layoutOf, shopper, stockShop } from '../orders/shop';

describeBeyondTheDatabase(`checkout in a browser (${DATABASE_KIND})`, () => {
  let world: BrowserWorld;
  before(async () => {
    // No print partner: a paid set's hand-over to one waits ORDER_HOLD_MINUTES as a delayed job, which the queue
    // counts as pending, and this walk ends by waiting for the queue to drain (the partner has tests of its own).
    world = await browserWorld({ env: (base) => ({ PAYMENT_RETURN_URL: `${base}/healthz`, PRINT_PARTNER: 'none' }), prepare: stockShop, worker: true });
  });
  after(() => world?.close());

  it('goes from the cart to PAID through the sandbox payment page', async () => {
    const { runtime, browser, base } = world;
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
    const created = await api(`/api/merch/orderset/${set}/delivery/`, 'POST', {
      type: 'PVZ', delivery_point_id: 22, ...recipient, fio_fathername: '', to_phone: '9161234567', delivery_sum: quote.body.price,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const payAction = await api(`/api/merch/orderset/${set}/delivery/`, 'POST', {});
    expect(payAction.body).to.deep.equal(created.body);

    // The front end opens the link by posting its query string (here none) as a form.
    await page.setContent(`<form method="post" action="${created.body.link}"><button id="open" type="submit">Оплатить</button></form>`);
    await Promise.all([page.waitForURL(created.body.link), page.click('#open')]);
    expect(await page.textContent('#amount')).to.equal('2053.15 RUB');
    await page.click('#pay');
    await page.waitForSelector('#status[data-status="succeeded"]');
    expect(await page.textContent('#status')).to.equal('Payment succeeded');
    await page.click('#return');
    await page.waitForURL(`${base}/healthz`);

    const sets = await api('/api/merch/orderset/');
    expect(sets.body[0]).to.include({ id: set, status: 'PAID', total_cost: 1630 });
    expect(sets.body[0].delivery).to.include({ type: 'PVZ', status: 'placed', price: 423.15, delivery_point_id: 22, to_city_id: 2, to_phone: '+79161234567' });
    const { rows } = await runtime.db.sql.query("SELECT id FROM pgboss.job WHERE name = 'order-paid' AND (data->>'orderSetId')::int = $1", [set]);
    expect(rows).to.have.length(1);
    await queueDrained(runtime.queue);
    const delivery = await runtime.db.sql.query('SELECT aggregator_confirmed_at IS NOT NULL AS confirmed FROM deliveries WHERE order_set_id = $1', [set]);
    expect(delivery.rows).to.deep.equal([{ confirmed: true }]);
  });
});
