import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { createLogger } from '../../src/log';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { moscowDateIn, recipient } from '../checkout/checkout';
import { layoutOf, type Shopper, shopper, stockShop } from '../orders/shop';

// A 20x20 book of 24 pages (1630.00, 0.586 kg) by СДЭК courier to Saint Petersburg (700 km): 250.00 + 1 kg x 50.00
// + 2 x 70.00 per started 500 km + 0.5 % insurance of 1630.00 (8.15) = 448.15; to pay 2078.15.
const courierToPetersburg = {
  type: 'COURIER', delivery_company_id: 1, pickup_company_id: 1, to_city_id: 2, to_street: 'Невский проспект', to_house: '28', to_flat: '',
  ...recipient, is_confirm: true, price: 1630, delivery_sum: 448.15,
};

describe(`sandbox aggregator and payment page (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let counter = 0;

  const newShopper = () => shopper(runtime, `sandbox${(counter += 1)}@example.com`);
  const status = async (set: number) => (await runtime.db.sql.query<{ status: string }>('SELECT status FROM order_sets WHERE id = $1', [set])).rows[0].status;
  /** The jobs a paid set gets, by name, in the transaction that marks it paid: each must be there exactly once. */
  const paidJobs = async (set: number) => (await runtime.db.sql.query<{ name: string; jobs: number }>(
    "SELECT name, count(*)::int AS jobs FROM pgboss.job WHERE name IN ('order-paid', 'render-print-files') AND (data->>'orderSetId')::int = $1 GROUP BY name ORDER BY name",
    [set])).rows.map((row) => `${row.name} x${row.jobs}`).join(', ');
  const deliver = (who: Shopper, set: number, body: object) => client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send(body);
  /** The shopper's cart with one 20x20 book of 24 pages; its order set id. */
  async function cartOf(who: Shopper): Promise<number> {
    const layout = await layoutOf(runtime, who.id, 2, 24);
    return (await client.post(`/api/ua/layout/${layout}/`).set('Authorization', who.auth)).body.orderset_id;
  }
  async function confirmedSet(who: Shopper): Promise<{ set: number; link: string }> {
    const set = await cartOf(who);
    const response = await deliver(who, set, courierToPetersburg);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return { set, link: response.body.link };
  }

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('are the defaults outside production, and must be named in production', () => {
    expect(runtime.config.delivery.provider).to.equal('sandbox');
    expect(runtime.config.payment.provider).to.equal('sandbox');
    const production = { NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: runtime.config.dataDir };
    expect(() => loadConfig(production)).to.throw(ConfigError, /DELIVERY_PROVIDER is required/);
    expect(() => loadConfig({ ...production, DELIVERY_PROVIDER: 'sandbox' })).to.throw(ConfigError, /PAYMENT_PROVIDER is required/);
    expect(() => loadConfig({ ...production, DELIVERY_PROVIDER: 'ddelivery' })).to.throw(ConfigError, /DDELIVERY_API_KEY is required/);
    expect(() => loadConfig({ ...production, DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'yookassa' })).to.throw(ConfigError, /YOOKASSA_SHOP_ID/);
  });

  it('are named in a warning when a production server starts with them', async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = createLogger({ logLevel: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const production = await testRuntime({ NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox' }, log);
    try {
      await (await testServer(production)).stop();
    } finally {
      await production.dispose();
    }
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings.find((message) => message.startsWith('PAYMENT_PROVIDER=sandbox in production: anyone can pay')), JSON.stringify(lines)).to.be.a('string');
    expect(warnings.find((message) => message.startsWith('DELIVERY_PROVIDER=sandbox in production:')), JSON.stringify(lines)).to.be.a('string');
  });

  it('answers lists and quotes from the built-in tariff table', async () => {
    const who = await newShopper();
    expect((await client.get('/api/merch/delivery/city/?q=санкт').set('Authorization', who.auth)).body)
      .to.deep.equal([{ id: 2, name: 'Санкт-Петербург', region: 'Санкт-Петербург' }]);
    expect((await client.get('/api/merch/delivery/point/?city_id=2').set('Authorization', who.auth)).body.map((point: { id: number }) => point.id))
      .to.deep.equal([21, 22]);
    const set = await cartOf(who);
    const price = await client.post(`/api/merch/orderset/${set}/delivery/check_delivery_price/`).set('Authorization', who.auth)
      .send({ type: 'COURIER', to_city_id: 2, delivery_company_id: 1 });
    expect(price.body).to.deep.equal({ price: 448.15 });
  });

  it('answers the options form in the calculator\'s envelope: total_price = price_delivery + 0.5 % of the declared value', async () => {
    const who = await newShopper();
    const set = await cartOf(who);
    const response = await client.get(`/api/merch/orderset/${set}/delivery/options/?to_city_id=2`).set('Authorization', who.auth);
    expect(response.status).to.equal(200);
    expect(createValidator(runtime.schemas).errorsOf('delivery-options.json', response.body)).to.equal(null);
    expect(response.body).to.include({ status: 'ok', message: '' });
    // Dates count from today in Moscow: 2 days on the road + 1 per started 500 km (700 km: 2).
    const [cdekCourier, dpd] = response.body.data['2'].delivery;
    expect(cdekCourier).to.deep.equal({
      is_cash: true, price_commission_declared: 8.15, percent_commission_declared: 0.5, pickup_company_id: 1, total_price: 448.15,
      price_delivery: 440, delivery_company_name: 'СДЭК', delivery_company_abbr: 'SDEK', delivery_company_id: 1,
      delivery_date: moscowDateIn(4), delivery_hold_date: '-', delivery_days: 4, service: [],
    });
    expect(dpd).to.include({ delivery_company_id: 4, is_cash: false, total_price: 508.15, price_delivery: 500 });
    // A pickup point keeps the parcel a week.
    expect(response.body.data['1'].delivery[0]).to.include({ delivery_company_id: 1, delivery_date: moscowDateIn(4), delivery_hold_date: moscowDateIn(11) });
  });

  it('takes a set from confirm to PAID through the page\'s Pay button, once', async () => {
    const { set, link } = await confirmedSet(await newShopper());
    expect(link).to.match(/^http:\/\/photobook\.test\/pay\/sandbox\/[0-9a-f-]{36}$/);
    const path = new URL(link).pathname;
    const page = await client.get(path);
    expect(page.status).to.equal(200);
    expect(page.type).to.equal('text/html');
    expect(page.text).to.contain('2078.15 RUB').and.to.contain('id="pay"');
    expect(await status(set)).to.equal('CONFIRMED');

    const paid = await client.post(`${path}/pay`);
    expect(paid.status).to.equal(303);
    expect(paid.headers.location).to.equal(`${path}/`);
    expect(await status(set)).to.equal('PAID');
    expect(await paidJobs(set)).to.equal('order-paid x1, render-print-files x1');
    expect((await client.get(path)).text).to.contain('data-status="succeeded"').and.not.to.contain('id="pay"');

    await client.post(`${path}/pay`);
    await client.post(`${path}/decline`);
    expect(await status(set)).to.equal('PAID');
    expect(await paidJobs(set)).to.equal('order-paid x1, render-print-files x1');
  });

  it('shows the same page to a form POST of the link (how the front end opens it), and the POST changes nothing', async () => {
    const { set, link } = await confirmedSet(await newShopper());
    const path = new URL(link).pathname;
    const shown = await client.get(path);
    for (const [target, form] of [[path, ''], [`${path}/`, 'orderset=5&pay=1&status=succeeded']]) {
      const posted = await client.post(target).type('form').send(form);
      expect(posted.status, target).to.equal(200);
      expect(posted.type).to.equal('text/html');
      expect(posted.text).to.equal(shown.text);
      expect(posted.headers['content-security-policy']).to.equal(shown.headers['content-security-policy']).and.to.contain("default-src 'none'");
      expect(posted.headers['cache-control']).to.equal('no-store');
    }
    expect(await status(set)).to.equal('CONFIRMED');
    const { rows } = await runtime.db.sql.query('SELECT status FROM sandbox_payments WHERE order_set_id = $1', [set]);
    expect(rows).to.deep.equal([{ status: 'pending' }]);
    expect((await client.post('/pay/sandbox/00000000-0000-4000-8000-000000000000').type('form').send('')).status).to.equal(404);
  });

  it('declines through the page: the set stays CONFIRMED and paying again opens a new page', async () => {
    const who = await newShopper();
    const { set, link } = await confirmedSet(who);
    await client.post(`${new URL(link).pathname}/decline`);
    expect(await status(set)).to.equal('CONFIRMED');
    const again = await deliver(who, set, courierToPetersburg);
    expect(again.body.link).to.match(/\/pay\/sandbox\//).and.not.equal(link);
  });

  it('confirms PICKUP from the shop without the aggregator, at no delivery cost', async () => {
    const who = await newShopper();
    const set = await cartOf(who);
    const response = await deliver(who, set, { type: 'PICKUP', ...recipient, is_confirm: true, price: 1630, delivery_sum: 0 });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(await status(set)).to.equal('CONFIRMED');
    const { rows } = await runtime.db.sql.query('SELECT provider, type, status, price_kopecks::int AS price, external_id FROM deliveries WHERE order_set_id = $1', [set]);
    expect(rows).to.deep.equal([{ provider: 'shop', type: 'PICKUP', status: 'placed', price: 0, external_id: null }]);
    expect((await client.get(new URL(response.body.link).pathname)).text).to.contain('1630.00 RUB');
  });

  it('takes a pickup point without to_city_id: the point names the city', async () => {
    const who = await newShopper();
    const set = await cartOf(who);
    // Point 42: Boxberry in Kazan (820 km): 210.00 + 45.00 + 2 x 80.00 + 8.15.
    const response = await deliver(who, set, { type: 'PVZ', delivery_point_id: 42, ...recipient, delivery_sum: 423.15 });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const { rows } = await runtime.db.sql.query<{ option: Record<string, unknown> }>('SELECT option FROM deliveries WHERE order_set_id = $1', [set]);
    expect(rows[0].option).to.include({ to_city_id: 4, delivery_point_id: 42, delivery_company_id: 2 });
  });

  it('answers 404 for a payment it does not have', async () => {
    expect((await client.get('/pay/sandbox/00000000-0000-4000-8000-000000000000/')).status).to.equal(404);
    expect((await client.get('/pay/sandbox/not-an-id/')).status).to.equal(404);
    expect((await client.post('/pay/sandbox/00000000-0000-4000-8000-000000000000/pay')).status).to.equal(404);
  });
});
