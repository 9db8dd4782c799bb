import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutOf, type Shopper, shopper, stockShop } from './shop';

describe(`cart and orders (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let validator: ReturnType<typeof createValidator>;
  let ann: Shopper;
  let bob: Shopper;

  const rows = async (text: string, params: unknown[] = []) => (await runtime.db.sql.query(text, params)).rows;
  const ordersOf = (userId: number) => rows(
    `SELECT o.layout_id, o.quantity, o.price_kopecks::int AS price FROM orders o JOIN order_sets s ON s.id = o.order_set_id
      WHERE s.user_id = $1 ORDER BY o.id`, [userId]);
  const add = (who: Shopper, body: unknown) => client.post('/api/merch/order/').set('Authorization', who.auth).send(body as object);

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
    ann = await shopper(runtime, 'ann@example.com');
    bob = await shopper(runtime, 'bob@example.com');
  });
  after(() => runtime.dispose());

  it('refuses anonymous callers on every route', async () => {
    for (const call of [
      client.post('/api/merch/order/').send({}), client.get('/api/merch/orderset/'), client.get('/api/merch/order/count/'),
      client.patch('/api/merch/order/1/').send({ count: 2 }), client.delete('/api/merch/order/1/'),
      client.post('/api/ua/layout/00000000-0000-4000-8000-000000000000/'),
    ]) {
      const response = await call;
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('puts a layout in the cart with its price and parcel, and raises the count for the same layout', async () => {
    const layout = await layoutOf(runtime, ann.id, 2, 24);
    const first = await add(ann, { layout_id: layout, count: 2 });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    expect(validator.errorsOf('order.json', first.body)).to.equal(null);
    // 20x20: 1490.00 covers 20 pages, 4 more at 35.00: 1630.00 each.
    expect(first.body).to.include({ layout_id: layout, count: 2, cost: 3260, total_cost: 3260, delivery: null });
    // Two books of 10 mm and 436 g in a 22 x 22 cm box, 2 cm of padding on the stack, 150 g of packing.
    expect(first.body.delivery_box_size).to.deep.equal({ width: 22, height: 22, depth: 4, weight: 1.022 });

    const again = await client.post(`/api/ua/layout/${layout}/`).set('Authorization', ann.auth);
    expect(again.status).to.equal(201);
    expect(again.body).to.include({ id: first.body.id, orderset_id: first.body.orderset_id, count: 3, cost: 4890 });
    expect(await ordersOf(ann.id)).to.deep.equal([{ layout_id: layout, quantity: 3, price: 163000 }]);

    const count = await client.get('/api/merch/order/count/').set('Authorization', ann.auth);
    expect(count.body).to.deep.equal({ count: 1 });
    expect(validator.errorsOf('cart-count.json', count.body)).to.equal(null);
  });

  it('keeps totals exact where floating point would not (3 x 2039.90 = 6119.70)', async () => {
    const layout = await layoutOf(runtime, bob.id, 3, 21);
    const response = await add(bob, { layout_id: layout, count: 3 });
    expect(response.status).to.equal(201);
    expect(response.body.cost).to.equal(6119.7);
    const other = await add(bob, { layout_id: await layoutOf(runtime, bob.id, 2, 24), count: 1 });
    expect(other.body.total_cost).to.equal(7749.7);
    expect(JSON.stringify(other.body)).to.contain('"total_cost":7749.7,');
  });

  it('answers another user\'s layout as if it did not exist', async () => {
    const bobs = await layoutOf(runtime, bob.id, 1, 20);
    const before = await ordersOf(ann.id);
    const body = await add(ann, { layout_id: bobs });
    expect(body.status).to.equal(400);
    expect(body.body).to.have.keys('layout_id');
    const path = await client.post(`/api/ua/layout/${bobs}/`).set('Authorization', ann.auth);
    expect(path.status).to.equal(404);
    expect((await client.post('/api/ua/layout/not-a-uuid/').set('Authorization', ann.auth)).status).to.equal(404);
    expect((await client.post('/api/ua/layout/00000000-0000-4000-8000-000000000000/').set('Authorization', ann.auth)).status).to.equal(404);
    expect(await ordersOf(ann.id)).to.deep.equal(before);
  });

  it('does not take a layout that is in its owner\'s bin, and takes it again once restored', async () => {
    const binned = await layoutOf(runtime, ann.id, 1, 20);
    await client.patch(`/api/ua/layout/${binned}/`).set('Authorization', ann.auth).send({ deleted: true });
    const before = await ordersOf(ann.id);
    expect((await add(ann, { layout_id: binned })).status).to.equal(400);
    expect((await client.post(`/api/ua/layout/${binned}/`).set('Authorization', ann.auth)).status).to.equal(404);
    expect(await ordersOf(ann.id)).to.deep.equal(before);
    await client.patch(`/api/ua/layout/${binned}/`).set('Authorization', ann.auth).send({ deleted: false });
    expect((await client.post(`/api/ua/layout/${binned}/`).set('Authorization', ann.auth)).status).to.equal(201);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const layout = await layoutOf(runtime, ann.id, 1, 20);
    const before = await ordersOf(ann.id);
    const cases: [unknown, string][] = [
      [{}, 'layout_id'], [{ layout_id: 'abc' }, 'layout_id'], [{ layout_id: layout, count: 0 }, 'count'],
      [{ layout_id: layout, count: 1001 }, 'count'], [{ layout_id: layout, count: '2' }, 'count'], [{ layout_id: layout, count: 1.5 }, 'count'],
      [[layout], 'non_field_errors'],
    ];
    for (const [body, field] of cases) {
      const response = await add(ann, body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(validator.errorsOf('validation-error.json', response.body)).to.equal(null);
      expect(response.body, JSON.stringify(body)).to.have.property(field);
    }
    const malformed = await client.post('/api/merch/order/').set('Authorization', ann.auth).set('Content-Type', 'application/json').send('{"layout_id":');
    expect(malformed.status).to.equal(400);
    expect(await ordersOf(ann.id)).to.deep.equal(before);
  });

  it('never lets an order pass 1000 copies', async () => {
    const layout = await layoutOf(runtime, ann.id, 1, 20);
    expect((await add(ann, { layout_id: layout, count: 1000 })).status).to.equal(201);
    const over = await add(ann, { layout_id: layout, count: 1 });
    expect(over.status).to.equal(400);
    expect(over.body).to.deep.equal({ count: ['Ensure this value is less than or equal to 1000.'] });
    expect((await ordersOf(ann.id)).find((row) => row.layout_id === layout)).to.include({ quantity: 1000 });
  });

  it('changes the count with POST and PATCH, and deletes, only for the owner', async () => {
    const layout = await layoutOf(runtime, ann.id, 5, 30);
    const created = await add(ann, { layout_id: layout });
    const orderId = created.body.id;
    for (const count of [1001, 0]) {
      const refused = await client.patch(`/api/merch/order/${orderId}/`).set('Authorization', ann.auth).send({ count });
      expect(refused.status, String(count)).to.equal(400);
      expect(refused.body).to.have.keys('count');
    }
    const patched = await client.patch(`/api/merch/order/${orderId}/`).set('Authorization', ann.auth).send({ count: 4 });
    expect(patched.status).to.equal(200);
    expect(validator.errorsOf('order.json', patched.body)).to.equal(null);
    // 30x30 with 30 pages: 2490.00 + 10 x 69.90 = 3189.00.
    expect(patched.body).to.include({ id: orderId, count: 4, cost: 12756 });
    const posted = await client.post(`/api/merch/order/${orderId}`).set('Authorization', ann.auth).send({ count: 2 });
    expect(posted.body).to.include({ count: 2, cost: 6378 });

    for (const call of [
      client.patch(`/api/merch/order/${orderId}/`).set('Authorization', bob.auth).send({ count: 9 }),
      client.delete(`/api/merch/order/${orderId}/`).set('Authorization', bob.auth),
    ]) {
      const response = await call;
      expect(response.status).to.equal(404);
      expect(response.body).to.deep.equal({ detail: 'Not found.' });
    }
    const invalid = await client.patch(`/api/merch/order/${orderId}/`).set('Authorization', ann.auth).send({ count: 0 });
    expect(invalid.status).to.equal(400);
    expect((await ordersOf(ann.id)).find((row) => row.layout_id === layout)).to.include({ quantity: 2 });

    const deleted = await client.delete(`/api/merch/order/${orderId}/`).set('Authorization', ann.auth);
    expect(deleted.status).to.equal(200);
    expect(validator.errorsOf('order-deleted.json', deleted.body)).to.equal(null);
    expect((await ordersOf(ann.id)).some((row) => row.layout_id === layout)).to.equal(false);
    expect((await client.delete(`/api/merch/order/${orderId}/`).set('Authorization', ann.auth)).status).to.equal(404);
  });

  it('lists the caller\'s order sets newest first; a confirmed set no longer changes (409) and a new cart opens', async () => {
    const carol = await shopper(runtime, 'carol@example.com');
    const first = await add(carol, { layout_id: await layoutOf(runtime, carol.id, 1, 20) });
    await runtime.db.sql.query("UPDATE order_sets SET status = 'CONFIRMED' WHERE id = $1", [first.body.orderset_id]);

    const refused = await client.patch(`/api/merch/order/${first.body.id}/`).set('Authorization', carol.auth).send({ count: 5 });
    expect(refused.status).to.equal(409);
    expect(refused.body).to.deep.equal({ detail: 'The order set is CONFIRMED and can no longer change.' });
    expect((await client.delete(`/api/merch/order/${first.body.id}/`).set('Authorization', carol.auth)).status).to.equal(409);
    expect(await ordersOf(carol.id)).to.have.length(1).and.to.have.nested.property('[0].quantity', 1);

    const next = await add(carol, { layout_id: await layoutOf(runtime, carol.id, 4, 20) });
    expect(next.body.orderset_id).to.not.equal(first.body.orderset_id);
    const list = await client.get('/api/merch/orderset/').set('Authorization', carol.auth);
    expect(list.status).to.equal(200);
    expect(validator.errorsOf('order-set-list.json', list.body)).to.equal(null);
    expect(list.body.map((set: { id: number; status: string }) => [set.id, set.status])).to.deep.equal([
      [next.body.orderset_id, 'OPEN'], [first.body.orderset_id, 'CONFIRMED'],
    ]);
    expect(list.body[1].orders.map((order: { id: number }) => order.id)).to.deep.equal([first.body.id]);
    expect((await client.get('/api/merch/orderset/').set('Authorization', bob.auth)).body.map((set: { id: number }) => set.id))
      .to.not.include(first.body.orderset_id);
  });

  it('shows with each order what the front end shows of its layout: name, hash, format, pages, cover, one copy\'s price, changed', async () => {
    const dora = await shopper(runtime, 'dora@example.com');
    const layout = await layoutOf(runtime, dora.id, 2, 24);
    await runtime.db.sql.query("UPDATE products SET preview_cover = 'products/2/preview.jpg' WHERE id = 2");
    await add(dora, { layout_id: layout, count: 2 });
    const [set] = (await client.get('/api/merch/orderset/').set('Authorization', dora.auth)).body;
    expect(validator.errorsOf('order-set-list.json', [set])).to.equal(null);
    const { rows: [row] } = await runtime.db.sql.query<{ hash: string; name: string; updated_at: Date }>(
      'SELECT hash, name, updated_at FROM layouts WHERE id = $1', [layout]);
    expect(set.orders[0]).to.include({
      layout_id: layout, hash: row.hash, layout_name: row.name, fmt: 2, num_pages: 24, count: 2, price: 1630, cost: 3260,
      cover: null, preview_image: 'http://photobook.test/media/products/2/preview.jpg', changed: row.updated_at.toISOString(),
      format_name: '20x20 см',
    });
  });

  it('keeps one cart per user when additions arrive at once', async () => {
    const dan = await shopper(runtime, 'dan@example.com');
    const layouts = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3].map((format) => layoutOf(runtime, dan.id, format, 20)));
    const responses = await Promise.all(layouts.map((layout) => add(dan, { layout_id: layout })));
    expect(responses.map((response) => response.status)).to.deep.equal(layouts.map(() => 201));
    expect(await rows("SELECT id FROM order_sets WHERE user_id = $1 AND status = 'OPEN'", [dan.id])).to.have.length(1);
    expect((await client.get('/api/merch/order/count/').set('Authorization', dan.auth)).body).to.deep.equal({ count: 8 });
  });
});
