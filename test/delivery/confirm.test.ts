import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout, courier, recipient } from '../checkout/checkout';
import { type Shopper, shopper } from '../orders/shop';

// One 20x20 book of 24 pages: goods (price) 1630.00; COURIER by company 7 to Moscow (delivery_sum): 319.35; to pay 1949.35.
const confirm = (extra: Record<string, unknown> = {}) => courier({ is_confirm: true, price: 1630, delivery_sum: 319.35, ...extra });

describe(`confirming a delivery (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let counter = 0;

  const newShopper = () => shopper(shop.runtime, `shopper${(counter += 1)}@example.com`);
  const deliver = (who: Shopper, set: number, body: unknown, key?: string) => {
    const call = shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth);
    return (key ? call.set('Idempotency-Key', key) : call).send(body as object);
  };
  const state = async (set: number) => ({
    status: (await shop.rows('SELECT status FROM order_sets WHERE id = $1', [set]))[0].status,
    delivery: (await shop.rows('SELECT status, external_id FROM deliveries WHERE order_set_id = $1', [set]))[0] ?? null,
    payments: await shop.rows('SELECT status, amount_kopecks::int AS amount, external_id FROM payments WHERE order_set_id = $1', [set]),
  });
  const aggregatorOrdersFor = (set: number) => shop.ddelivery.orders.filter((order) => order.get('shop_refnum') === String(set));
  const paymentsAtProviderFor = (set: number) => [...shop.yookassa.payments.values()].filter((payment) => payment.metadata.order_set_id === String(set));

  before(async () => {
    // Room for six concurrent confirms on a loaded machine: an order/create past the deadline is a lost answer.
    shop = await checkout({ DDELIVERY_TIMEOUT_MS: '800' });
  });
  afterEach(() => {
    shop.ddelivery.misbehave = 'none';
    shop.ddelivery.errorEnvelope = false;
    shop.ddelivery.createDelayMs = 0;
    shop.ddelivery.createOutcome = 'ok';
  });
  after(() => shop.close());

  it('places the aggregator order, confirms the set and answers the payment page', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    const response = await deliver(ann, set, confirm({ comment: 'Позвонить заранее' }));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(shop.validator.errorsOf('delivery-created.json', response.body)).to.equal(null);
    const [payment] = paymentsAtProviderFor(set);
    expect(response.body).to.deep.equal({ link: payment.confirmation.confirmation_url });

    const [order] = aggregatorOrdersFor(set);
    expect(Object.fromEntries(order)).to.include({
      type: '2', to_city: '151184', delivery_company: '7', pickup_company: '7', dimension_side1: '22', dimension_side2: '22',
      dimension_side3: '3', weight: '0.586', declared_price: '1630.00', payment_price: '0', price: '319.35',
      to_name: 'Петрова Анна', to_phone: '+79161234567', to_street: 'Тверская', to_house: '1', to_flat: '5', to_index: '125009',
      comment: 'Позвонить заранее', item_count: '1',
    });
    expect(await state(set)).to.deep.equal({
      status: 'CONFIRMED', delivery: { status: 'placed', external_id: '5001' },
      payments: [{ status: 'pending', amount: 194935, external_id: payment.id }],
    });
    expect(payment.amount).to.deep.equal({ value: '1949.35', currency: 'RUB' });
  });

  it('sends the aggregator the cart\'s lines in one parcel by default, and takes a client\'s copy of the lines that agrees', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann, 3);
    const [{ name }] = await shop.rows('SELECT l.name FROM orders o JOIN layouts l ON l.id = o.layout_id WHERE o.order_set_id = $1', [set]);
    // The front end's copy: agreeing fields, fields the cart does not know (dropped), one field left out.
    const products = [{ name, vendor_code: 'PB-2020', barcode: '4600000000017', nds: 18, count: 3, colour: 'red' }];
    // item_count is left out: one parcel.
    const response = await deliver(ann, set, confirm({ products, price: 4890, delivery_sum: undefined }));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const [order] = aggregatorOrdersFor(set);
    expect([...order].filter(([field]) => field.startsWith('products[') || ['item_count', 'pickup_company'].includes(field))).to.deep.equal([
      ['item_count', '1'], ['pickup_company', '7'],
      ['products[0][name]', name], ['products[0][price_declared]', '1630'], ['products[0][count]', '3'],
    ]);
    const [row] = await shop.rows('SELECT option FROM deliveries WHERE order_set_id = $1', [set]);
    expect(row.option).to.deep.include({ item_count: 1, pickup_company_id: 7, products: [{ name, price_declared: 1630, count: 3 }] });
  });

  describe('item_count, the number of parcels, for a set of four books', () => {
    /** A set of four books in two lines (three copies of one, one of another), and its product lines as the aggregator gets them. */
    const fourBooks = async (who: Shopper) => {
      const set = await shop.cartOf(who, 3);
      expect(await shop.cartOf(who, 1)).to.equal(set);
      const names = (await shop.rows('SELECT l.name FROM orders o JOIN layouts l ON l.id = o.layout_id WHERE o.order_set_id = $1 ORDER BY o.id', [set]))
        .map((row) => row.name);
      return { set, lines: [[names[0], '3'], [names[1], '1']] };
    };
    const sentLines = (order: URLSearchParams) => [0, 1].map((index) => [order.get(`products[${index}][name]`), order.get(`products[${index}][count]`)]);

    for (const parcels of [1, 4]) {
      it(`ships them in ${parcels} parcel(s): the aggregator gets item_count ${parcels} and the cart's four books`, async () => {
        const ann = await newShopper();
        const { set, lines } = await fourBooks(ann);
        const response = await deliver(ann, set, courier({ is_confirm: true, item_count: parcels }));
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        const [order] = aggregatorOrdersFor(set);
        expect(order.get('item_count')).to.equal(String(parcels));
        expect(sentLines(order)).to.deep.equal(lines);
        expect(order.has('products[2][name]')).to.equal(false);
        const [row] = await shop.rows('SELECT option FROM deliveries WHERE order_set_id = $1', [set]);
        expect(row.option).to.include({ item_count: parcels });
        expect((await state(set)).status).to.equal('CONFIRMED');
      });
    }

    it('refuses more parcels than books, or none, with 400 by field, placing nothing', async () => {
      const ann = await newShopper();
      const { set } = await fourBooks(ann);
      for (const parcels of [5, 0]) {
        const response = await deliver(ann, set, courier({ is_confirm: true, item_count: parcels }));
        expect(response.status, String(parcels)).to.equal(400);
        expect(shop.validator.errorsOf('validation-error.json', response.body)).to.equal(null);
        expect(Object.keys(response.body)).to.deep.equal(['item_count']);
      }
      expect(aggregatorOrdersFor(set)).to.have.length(0);
      expect(await state(set)).to.deep.equal({ status: 'OPEN', delivery: null, payments: [] });
    });
  });

  it('refuses a client\'s pickup company, parcel count or lines that are not the server\'s with 400 by field, placing nothing', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    const cases: [Record<string, unknown>, string][] = [
      [{ pickup_company_id: 4 }, 'pickup_company_id'],
      [{ item_count: 5 }, 'item_count'],
      [{ products: [{ name: 'Чужая книга' }] }, 'products'],
      [{ products: [{ count: 1, price_declared: 1 }] }, 'products'],
      [{ products: [{ count: 1 }, { count: 1 }] }, 'products'],
    ];
    for (const [tampered, field] of cases) {
      const response = await deliver(ann, set, confirm(tampered));
      expect(response.status, JSON.stringify(tampered)).to.equal(400);
      expect(Object.keys(response.body)).to.deep.equal([field]);
    }
    expect(aggregatorOrdersFor(set)).to.have.length(0);
    expect(await state(set)).to.deep.equal({ status: 'OPEN', delivery: null, payments: [] });
  });

  it('takes a phone as 10 digits, +7 or 8, and keeps and sends it as +7XXXXXXXXXX', async () => {
    for (const [phone, additional] of [['9161234567', '89031234567'], ['+79161234567', '9031234567'], ['89161234567', '+79031234567']]) {
      const ann = await newShopper();
      const set = await shop.cartOf(ann);
      const response = await deliver(ann, set, confirm({ to_phone: phone, to_add_phone: additional }));
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(aggregatorOrdersFor(set)[0].get('to_phone')).to.equal('+79161234567');
      expect(aggregatorOrdersFor(set)[0].get('to_add_phone')).to.equal('+79031234567');
      const [row] = await shop.rows('SELECT option FROM deliveries WHERE order_set_id = $1', [set]);
      expect(row.option).to.include({ to_phone: '+79161234567', to_add_phone: '+79031234567' });
    }
  });

  it('sends the patronymic in the recipient\'s name, and takes an empty one', async () => {
    for (const [fathername, name] of [['Сергеевна', 'Петрова Анна Сергеевна'], ['', 'Петрова Анна']]) {
      const ann = await newShopper();
      const set = await shop.cartOf(ann);
      const response = await deliver(ann, set, confirm({ fio_fathername: fathername }));
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(aggregatorOrdersFor(set)[0].get('to_name')).to.equal(name);
    }
  });

  it('refuses a client\'s price or sum that is not the server\'s with 409 and the current figures, placing nothing', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    // The last one is the old reading (price the delivery, delivery_sum the total).
    for (const tampered of [{ price: 1 }, { delivery_sum: 1949.35 }, { price: 1630, delivery_sum: 0 }, { price: 319.35, delivery_sum: 1949.35 }]) {
      const response = await deliver(ann, set, confirm(tampered));
      expect(response.status).to.equal(409);
      expect(shop.validator.errorsOf('delivery-error.json', response.body)).to.equal(null);
      expect(response.body).to.deep.equal({ error: 409, detail: 'The price has changed.', price: 1630, delivery_sum: 319.35 });
    }
    expect(aggregatorOrdersFor(set)).to.have.length(0);
    expect(await state(set)).to.deep.equal({ status: 'OPEN', delivery: null, payments: [] });
  });

  it('takes a figure the client leaves out from the server: delivery_sum without price, or neither', async () => {
    for (const figures of [{ delivery_sum: 319.35 }, {}]) {
      const ann = await newShopper();
      const set = await shop.cartOf(ann);
      const response = await deliver(ann, set, courier({ is_confirm: true, ...figures }));
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(paymentsAtProviderFor(set).map((payment) => payment.amount.value)).to.deep.equal(['1949.35']);
      expect(aggregatorOrdersFor(set)[0].get('price')).to.equal('319.35');
    }
  });

  for (const failure of ['down', 'slow', 'garbage', 'error envelope'] as const) {
    it(`leaves nothing half-saved when the aggregator is ${failure} (500 {error: 500}), and a retry then works`, async () => {
      const ann = await newShopper();
      const set = await shop.cartOf(ann);
      // Quote first, then break the aggregator for placing only (the quote is cached by nobody, so break both).
      if (failure === 'error envelope') shop.ddelivery.errorEnvelope = true;
      else shop.ddelivery.misbehave = failure;
      shop.ddelivery.slowMs = 1000;
      const response = await deliver(ann, set, confirm());
      expect(response.status).to.equal(500);
      expect(response.body).to.include({ error: 500 });
      expect(await state(set)).to.deep.include({ status: 'OPEN', payments: [] });
      expect((await state(set)).delivery).to.be.oneOf([null, undefined]);

      shop.ddelivery.misbehave = 'none';
      shop.ddelivery.errorEnvelope = false;
      expect((await deliver(ann, set, confirm())).status).to.equal(200);
      expect((await state(set)).status).to.equal('CONFIRMED');
    });
  }

  it('gives a placing the aggregator refused at order/create back to the shopper (draft, set OPEN)', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    shop.ddelivery.createOutcome = 'refused';
    const response = await deliver(ann, set, confirm());
    expect(response.status).to.equal(500);
    expect(await state(set)).to.deep.equal({ status: 'OPEN', delivery: { status: 'draft', external_id: null }, payments: [] });
    shop.ddelivery.createOutcome = 'ok';
    expect((await deliver(ann, set, confirm())).status).to.equal(200);
    expect(aggregatorOrdersFor(set)).to.have.length(1);
  });

  it('places one aggregator order and starts one payment for concurrent confirms', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    shop.ddelivery.createDelayMs = 150;
    const responses = await Promise.all(Array.from({ length: 6 }, () => deliver(ann, set, confirm())));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 423), JSON.stringify(responses.map((r) => r.body))).to.equal(true);
    const links = new Set(responses.filter((response) => response.status === 200).map((response) => response.body.link));
    expect(links.size).to.equal(1);
    expect(aggregatorOrdersFor(set)).to.have.length(1);
    expect(paymentsAtProviderFor(set)).to.have.length(1);
    expect((await state(set)).payments).to.have.length(1);

    // Once confirmed, any later confirm (or the pay action) answers the same page and places nothing.
    const again = await deliver(ann, set, confirm({ delivery_company: { id: 7, name: 'СДЭК' } }));
    expect(again.body).to.deep.equal({ link: [...links][0] });
    expect(aggregatorOrdersFor(set)).to.have.length(1);
    // Concurrent pay actions on the confirmed set: still the one payment, here and at the provider.
    const pays = await Promise.all(Array.from({ length: 4 }, () => deliver(ann, set, confirm())));
    expect(pays.map((response) => response.body)).to.deep.equal(Array.from({ length: 4 }, () => ({ link: [...links][0] })));
    expect((await state(set)).payments).to.have.length(1);
    expect(paymentsAtProviderFor(set)).to.have.length(1);
  });

  it('replays the first answer for the same Idempotency-Key and body, and refuses another body with 422', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    const first = await deliver(ann, set, confirm(), 'key-1');
    expect(first.status).to.equal(200);
    const replay = await deliver(ann, set, confirm(), 'key-1');
    expect(replay.status).to.equal(200);
    expect(replay.body).to.deep.equal(first.body);
    expect(replay.headers['idempotent-replayed']).to.equal('true');
    const other = await deliver(ann, set, confirm({ comment: 'другое' }), 'key-1');
    expect(other.status).to.equal(422);
    expect(other.body).to.deep.equal({ detail: 'This Idempotency-Key was used with another request.' });
    expect(aggregatorOrdersFor(set)).to.have.length(1);
    expect(shop.yookassa.createRequests().filter((request) => (request.body.metadata as { order_set_id: string }).order_set_id === String(set))).to.have.length(1);
  });

  it('keeps a confirmed set from changing: cart edits are 409, another delivery body changes nothing; another user\'s set is 404', async () => {
    const ann = await newShopper();
    const bob = await newShopper();
    const set = await shop.cartOf(ann);
    const order = (await shop.rows('SELECT id FROM orders WHERE order_set_id = $1', [set]))[0].id;
    expect((await deliver(bob, set, confirm())).status).to.equal(404);
    expect((await deliver(ann, set, confirm())).status).to.equal(200);
    const change = await shop.client.patch(`/api/merch/order/${order}/`).set('Authorization', ann.auth).send({ count: 3 });
    expect(change.status).to.equal(409);
    const delivered = await state(set);
    const other = await deliver(ann, set, { type: 'PVZ', delivery_point_id: 9001, ...recipient, fio_name: 'Ольга', to_phone: '9031234567' });
    expect(other.status).to.equal(200);
    expect(other.body).to.deep.equal({ link: paymentsAtProviderFor(set)[0].confirmation.confirmation_url });
    expect(await state(set)).to.deep.equal(delivered);
    expect(await shop.rows("SELECT type, option->>'fio_name' AS name FROM deliveries WHERE order_set_id = $1", [set])).to.deep.equal([{ type: 'COURIER', name: 'Анна' }]);
    expect(aggregatorOrdersFor(set)).to.have.length(1);
  });

  it('refuses to confirm an empty cart, for every type (PICKUP too, which no aggregator sees)', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    const order = (await shop.rows('SELECT id FROM orders WHERE order_set_id = $1', [set]))[0].id;
    await shop.client.delete(`/api/merch/order/${order}/`).set('Authorization', ann.auth);
    for (const body of [confirm(), { type: 'PICKUP', ...recipient, is_confirm: true }]) {
      const response = await deliver(ann, set, body);
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal({ non_field_errors: ['The order set is empty.'] });
    }
    expect(await state(set)).to.deep.equal({ status: 'OPEN', delivery: null, payments: [] });
    expect(paymentsAtProviderFor(set)).to.have.length(0);
  });

  it('never starts a payment of 0.00 (an empty set confirmed before empty sets were refused)', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    await shop.rows('DELETE FROM orders WHERE order_set_id = $1', [set]);
    await shop.rows("UPDATE order_sets SET status = 'CONFIRMED' WHERE id = $1", [set]);
    await shop.rows("INSERT INTO deliveries (order_set_id, provider, type, option, price_kopecks, status) VALUES ($1, 'shop', 'PICKUP', '{}', 0, 'placed')", [set]);
    const response = await deliver(ann, set, {});
    expect(response.status).to.equal(409);
    expect(response.body).to.deep.equal({ error: 409, detail: 'Nothing to pay: the order set costs 0.00.' });
    expect(paymentsAtProviderFor(set)).to.have.length(0);
    expect((await state(set)).payments).to.deep.equal([]);
  });
});
