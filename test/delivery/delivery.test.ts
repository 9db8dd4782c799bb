import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout, courier, MOSCOW, moscowDateIn, recipient } from '../checkout/checkout';
import { type Shopper, shopper } from '../orders/shop';

describe(`delivery through DDelivery (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let ann: Shopper;
  let bob: Shopper;
  let annSet: number;

  const post = (who: Shopper, path: string, body: unknown) => shop.client.post(path).set('Authorization', who.auth).send(body as object);
  const check = (who: Shopper, set: number, body: unknown) => post(who, `/api/merch/orderset/${set}/delivery/check_delivery_price/`, body);
  const deliver = (who: Shopper, set: number, body: unknown) => post(who, `/api/merch/orderset/${set}/delivery/`, body);
  const externalId = async (set: number) => (await shop.rows('SELECT external_id FROM deliveries WHERE order_set_id = $1', [set]))[0].external_id;
  const deliveryRows = (set: number) => shop.rows('SELECT type, status, price_kopecks::int AS price FROM deliveries WHERE order_set_id = $1', [set]);

  before(async () => {
    shop = await checkout();
    ann = await shopper(shop.runtime, 'ann@example.com');
    bob = await shopper(shop.runtime, 'bob@example.com');
    annSet = await shop.cartOf(ann);
  });
  afterEach(() => {
    shop.ddelivery.misbehave = 'none';
    shop.ddelivery.errorEnvelope = false;
  });
  after(() => shop.close());

  describe('reference lists', () => {
    it('answers cities, points and companies in their schemas, and keeps them cached', async () => {
      const cities = await shop.client.get('/api/merch/delivery/city/?q=моск').set('Authorization', ann.auth);
      expect(cities.status).to.equal(200);
      expect(shop.validator.errorsOf('delivery-city-list.json', cities.body)).to.equal(null);
      expect(cities.body).to.deep.equal([{ id: MOSCOW, name: 'Москва', region: 'Москва' }]);
      const points = await shop.client.get(`/api/merch/delivery/point/?city_id=${MOSCOW}`).set('Authorization', ann.auth);
      expect(shop.validator.errorsOf('delivery-point-list.json', points.body)).to.equal(null);
      expect(points.body.map((point: { id: number }) => point.id)).to.deep.equal([9001, 9002]);
      const companies = await shop.client.get('/api/merch/delivery/company/').set('Authorization', ann.auth);
      expect(shop.validator.errorsOf('delivery-company-list.json', companies.body)).to.equal(null);
      expect(companies.body).to.have.length(3);

      const before = shop.ddelivery.exchanges.length;
      await shop.client.get('/api/merch/delivery/city/?q=моск').set('Authorization', bob.auth);
      await shop.client.get('/api/merch/delivery/company/').set('Authorization', bob.auth);
      expect(shop.ddelivery.exchanges.length).to.equal(before);
    });

    it('refuses a missing or malformed query and anonymous callers', async () => {
      expect((await shop.client.get('/api/merch/delivery/city/').set('Authorization', ann.auth)).body).to.have.keys('q');
      expect((await shop.client.get('/api/merch/delivery/point/?city_id=abc').set('Authorization', ann.auth)).body).to.have.keys('city_id');
      expect((await shop.client.get('/api/merch/delivery/company/')).status).to.equal(401);
    });

    it('answers {error: 500} when the aggregator is down', async () => {
      shop.ddelivery.misbehave = 'down';
      const response = await shop.client.get('/api/merch/delivery/city/?q=Санкт').set('Authorization', ann.auth);
      expect(response.status).to.equal(500);
      expect(shop.validator.errorsOf('delivery-error.json', response.body)).to.equal(null);
    });
  });

  describe('check_delivery_price', () => {
    it('quotes each type from the aggregator for the cart\'s parcel; PICKUP is free', async () => {
      const expected: [unknown, number][] = [
        [{ type: 'COURIER', to_city_id: MOSCOW, delivery_company_id: 7 }, 319.35],
        [{ type: 'PVZ', to_city_id: MOSCOW, delivery_company_id: '4' }, 166.35],
        [{ type: 'POCHTA', to_city_id: String(MOSCOW), delivery_company_id: 11 }, 143.35],
        [{ type: 'PICKUP' }, 0],
      ];
      for (const [body, price] of expected) {
        const response = await check(ann, annSet, body);
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        expect(shop.validator.errorsOf('delivery-price.json', response.body)).to.equal(null);
        expect(response.body, JSON.stringify(body)).to.deep.equal({ price });
      }
      const calculator = shop.ddelivery.exchanges.filter((exchange) => exchange.url.pathname.endsWith('/calculator.json')).at(-1)!;
      expect(Object.fromEntries(calculator.url.searchParams)).to.deep.equal({
        city_to: String(MOSCOW), dimension_side1: '22', dimension_side2: '22', dimension_side3: '3', weight: '0.586',
        declared_price: '1630.00', payment_price: '0',
      });
      expect(calculator.url.pathname).to.match(/\/test-ddelivery-key\/calculator\.json$/);
    });

    it('refuses missing and bad fields by name, and a company that does not serve the type', async () => {
      const cases: [unknown, string[]][] = [
        [{}, ['type']], [{ type: 'DRONE' }, ['type']], [{ type: 'COURIER' }, ['to_city_id', 'delivery_company_id']],
        [{ type: 'PVZ', delivery_company_id: 4 }, ['to_city_id']],
        [{ type: 'PVZ', to_city_id: MOSCOW, delivery_company_id: 'x7' }, ['delivery_company_id']],
        [{ type: 'PVZ', to_city_id: -1, delivery_company_id: 4 }, ['to_city_id']],
        [{ type: 'POCHTA', to_city_id: MOSCOW, delivery_company_id: 7 }, ['delivery_company_id']],
      ];
      for (const [body, fields] of cases) {
        const response = await check(ann, annSet, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body, JSON.stringify(body)).to.have.keys(...fields);
      }
    });

    it('answers another user\'s order set as not found', async () => {
      const response = await check(bob, annSet, { type: 'PICKUP' });
      expect(response.status).to.equal(404);
    });

    for (const failure of ['down', 'slow', 'garbage', 'error envelope'] as const) {
      it(`answers exactly {"check_delivery_price": ["server_error"]} when the aggregator is ${failure}`, async () => {
        if (failure === 'error envelope') shop.ddelivery.errorEnvelope = true;
        else shop.ddelivery.misbehave = failure;
        shop.ddelivery.slowMs = 1000;
        const response = await check(ann, annSet, { type: 'COURIER', to_city_id: MOSCOW, delivery_company_id: 7 });
        expect(response.status).to.equal(500);
        expect(response.body).to.deep.equal({ check_delivery_price: ['server_error'] });
      });
    }
  });

  describe('the options form (the calculator\'s envelope)', () => {
    const options = (who: Shopper, query = `?to_city_id=${MOSCOW}`) =>
      shop.client.get(`/api/merch/orderset/${annSet}/delivery/options/${query}`).set('Authorization', who.auth);
    afterEach(() => {
      shop.ddelivery.calculatorAnswer = undefined;
    });

    it('answers {status, message, data} with every field of the aggregator\'s offers, money exact', async () => {
      const response = await options(ann);
      expect(response.status).to.equal(200);
      expect(shop.validator.errorsOf('delivery-options.json', response.body)).to.equal(null);
      expect(response.body).to.include({ status: 'ok', message: '' });
      expect(Object.keys(response.body.data)).to.deep.equal(['1', '2', '3']);
      expect(response.body.data['2']).to.deep.include({ type: 2, type_name: 'Курьер' });
      expect(response.body.data['1'].delivery.map((offer: { total_price: number }) => offer.total_price)).to.deep.equal([166.35, 169.35]);
      expect(response.body.data['2'].delivery).to.deep.equal([{
        is_cash: true, price_commission_declared: 8.15, percent_commission_declared: 0.5, pickup_company_id: 7, total_price: 319.35,
        price_delivery: 311.2, delivery_company_name: 'СДЭК', delivery_company_abbr: 'SDEK', delivery_company_id: 7,
        delivery_date: '21.09.2030', delivery_hold_date: '-', delivery_days: 3,
        service: [{ id: 4, name: 'Осмотр вложения', price: 25, is_check: 1 }],
      }]);
      expect(response.body.data['1'].delivery[0]).to.include({ delivery_hold_date: '27.09.2030' });
      expect(response.body.data['3'].delivery[0]).to.include({ is_cash: false });
    });

    it('fills what the aggregator leaves out with defaults', async () => {
      shop.ddelivery.calculatorAnswer = {
        1: {
          type: 1, type_name: 'ПВЗ', delivery: [
            { delivery_company_id: '4', delivery_company_name: 'Boxberry', price_delivery: 150.2, price_commission_declared: '8.15', delivery_days: 3 },
            { delivery_company_id: 7, delivery_company_name: 'СДЭК', total_price: '169.35', delivery_date: '01.01.2020', is_cash: 1 },
          ],
        },
      };
      const response = await options(ann);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(shop.validator.errorsOf('delivery-options.json', response.body)).to.equal(null);
      const [boxberry, cdek] = response.body.data['1'].delivery;
      expect(boxberry).to.deep.equal({
        is_cash: false, price_commission_declared: 8.15, percent_commission_declared: 0, pickup_company_id: 4, total_price: 158.35,
        price_delivery: 150.2, delivery_company_name: 'Boxberry', delivery_company_abbr: '', delivery_company_id: 4,
        delivery_date: moscowDateIn(3), delivery_hold_date: '-', delivery_days: 3, service: [],
      });
      expect(cdek).to.include({ is_cash: true, total_price: 169.35, price_delivery: 169.35, price_commission_declared: 0, delivery_date: '01.01.2020', delivery_days: 0 });
      expect(response.body.data['2']).to.deep.equal({ type: 2, type_name: '', delivery: [] });
    });

    it('refuses a missing city and another user\'s set', async () => {
      expect((await options(ann, '')).status).to.equal(400);
      expect((await options(bob)).status).to.equal(404);
    });
  });

  describe('the delivery request', () => {
    it('places the delivery at the aggregator as a draft and answers only the payment link', async () => {
      const carol = await shopper(shop.runtime, 'carol@example.com');
      const set = await shop.cartOf(carol);
      const response = await deliver(carol, set, { type: 'PVZ', delivery_point_id: '9002', to_city_id: MOSCOW, ...recipient });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(shop.validator.errorsOf('delivery-created.json', response.body)).to.equal(null);
      expect(Object.keys(response.body)).to.deep.equal(['link']);
      const order = shop.ddelivery.orders.find((candidate) => candidate.get('shop_refnum') === String(set))!;
      expect(Object.fromEntries(order)).to.include({ type: '1', is_confirm: '0', delivery_point: '9002', delivery_company: '7', price: '169.35' });
      expect(shop.ddelivery.placed.get(String(await externalId(set)))).to.equal(false);
      expect(await deliveryRows(set)).to.deep.equal([{ type: 'PVZ', status: 'placed', price: 16935 }]);
      const listed = (await shop.client.get('/api/merch/orderset/').set('Authorization', carol.auth)).body[0];
      expect(listed).to.include({ id: set, status: 'CONFIRMED' });
      expect(listed.delivery).to.include({ type: 'PVZ', price: 169.35, delivery_point_id: 9002, delivery_company_id: 7, to_street: null });
    });

    it('takes a pickup point without to_city_id: the point (looked up by its id) names the city and the company', async () => {
      const dave = await shopper(shop.runtime, 'dave@example.com');
      const set = await shop.cartOf(dave);
      const response = await deliver(dave, set, { type: 'PVZ', delivery_point_id: 9101, ...recipient });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const lookup = shop.ddelivery.exchanges.filter((exchange) => exchange.url.pathname.endsWith('/list/delivery-point.json')).at(-1)!;
      expect(Object.fromEntries(lookup.url.searchParams)).to.deep.equal({ id: '9101' });
      const calculator = shop.ddelivery.exchanges.filter((exchange) => exchange.url.pathname.endsWith('/calculator.json')).at(-1)!;
      expect(calculator.url.searchParams.get('city_to')).to.equal('151185');
      const order = shop.ddelivery.orders.find((candidate) => candidate.get('shop_refnum') === String(set))!;
      expect(Object.fromEntries(order)).to.include({ type: '1', to_city: '151185', delivery_point: '9101', delivery_company: '7', price: '169.35' });
      const [row] = await shop.rows('SELECT option FROM deliveries WHERE order_set_id = $1', [set]);
      expect(row.option).to.include({ to_city_id: 151185, delivery_point_id: 9101, delivery_company_id: 7 });
    });

    it('requires each type\'s fields and refuses bad values, saving nothing', async () => {
      const before = await deliveryRows(annSet);
      const cases: [unknown, string[]][] = [
        [{ type: 'PVZ', ...recipient }, ['delivery_point_id']],
        [{ type: 'COURIER', ...recipient }, ['delivery_company_id', 'pickup_company_id', 'to_city_id', 'to_street', 'to_house', 'to_flat']],
        [{ type: 'POCHTA', to_city_id: MOSCOW, ...recipient }, ['delivery_company_id', 'pickup_company_id', 'to_street', 'to_house', 'to_flat']],
        [{ type: 'PICKUP' }, ['fio_name', 'fio_surname', 'fio_fathername', 'to_phone']],
        [courier({ fio_fathername: undefined }), ['fio_fathername']], [courier({ fio_fathername: null }), ['fio_fathername']],
        [courier({ to_phone: '12345' }), ['to_phone']],
        [courier({ to_add_phone: '+7916' }), ['to_add_phone']],
        [courier({ to_phone: '79161234567' }), ['to_phone']], [courier({ to_phone: '+89161234567' }), ['to_phone']],
        [courier({ to_phone: '916123456' }), ['to_phone']], [courier({ to_phone: '916 123 45 67' }), ['to_phone']],
        [courier({ to_email: 'nope' }), ['to_email']],
        [courier({ to_postal_code: '12' }), ['to_postal_code']],
        [courier({ products: [{ name: 'Книга', nds: 20 }] }), ['products']],
        [courier({ products: [{ price_declared: 100.5 }] }), ['products']],
        [courier({ products: [{ vendor_code: 5, count: 0 }] }), ['products']],
        [courier({ price: 1630.001, delivery_sum: 319.35, is_confirm: true }), ['price']],
        [courier({ price: 1630, delivery_sum: 319.355, is_confirm: true }), ['delivery_sum']],
        [courier({ item_count: 0 }), ['item_count']],
        [{ type: 'PVZ', delivery_point_id: 1234, to_city_id: MOSCOW, ...recipient }, ['delivery_point_id']],
        [{ type: 'PVZ', delivery_point_id: 1234, ...recipient }, ['delivery_point_id']],
        // A city sent with a point must be the point's (9101 is in Saint Petersburg).
        [{ type: 'PVZ', delivery_point_id: 9101, to_city_id: MOSCOW, ...recipient }, ['delivery_point_id']],
        [{ type: 'PVZ', delivery_point_id: 9101, delivery_company_id: 8, ...recipient }, ['delivery_company_id']],
        // Text PostgreSQL cannot store, anywhere in the body.
        [courier({ fio_name: 'А\u0000Б' }), ['fio_name']], [courier({ comment: 'x\ud800' }), ['comment']],
        [courier({ products: [{ name: 'Книга\u0000' }] }), ['products']],
      ];
      for (const [body, fields] of cases) {
        const response = await deliver(ann, annSet, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(shop.validator.errorsOf('validation-error.json', response.body)).to.equal(null);
        expect(response.body, JSON.stringify(body)).to.have.keys(...fields);
      }
      expect(await deliveryRows(annSet)).to.deep.equal(before);
    });

    it('answers another user\'s order set as not found and saves nothing there', async () => {
      const bobSet = await shop.cartOf(bob);
      const response = await deliver(ann, bobSet, courier());
      expect(response.status).to.equal(404);
      expect(await deliveryRows(bobSet)).to.deep.equal([]);
    });
  });
});
