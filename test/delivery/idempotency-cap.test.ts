// IDEMPOTENCY_KEYS_PER_USER: fresh keys cannot fill the table; a user's newest keys keep replaying.
import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout, courier } from '../checkout/checkout';
import { type Shopper, shopper } from '../orders/shop';

const KEYS_PER_USER = 3;
const confirm = () => courier({ is_confirm: true, price: 1630, delivery_sum: 319.35 });

describe(`Idempotency-Key records per user (${DATABASE_KIND})`, () => {
  let shop: Checkout;

  const deliver = (who: Shopper, set: number, key: string) =>
    shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).set('Idempotency-Key', key).send(confirm());
  const keysOf = async (who: Shopper) =>
    (await shop.rows('SELECT key FROM idempotency_keys WHERE user_id = $1 ORDER BY key', [who.id])).map((row) => row.key as string);

  before(async () => {
    shop = await checkout({ IDEMPOTENCY_KEYS_PER_USER: String(KEYS_PER_USER) });
  });
  after(() => shop.close());

  it(`keeps a user's newest ${KEYS_PER_USER}: a new key pushes out the oldest, which then runs again instead of replaying`, async () => {
    const [ann, bob] = [await shopper(shop.runtime, 'ann@example.com'), await shopper(shop.runtime, 'bob@example.com')];
    const [annSet, bobSet] = [await shop.cartOf(ann), await shop.cartOf(bob)];
    expect((await deliver(bob, bobSet, 'bob-1')).status).to.equal(200);
    // The first confirms the set; the others are its pay action, answered with the same link.
    const answers = [];
    for (const key of ['key-1', 'key-2', 'key-3', 'key-4', 'key-5']) answers.push(await deliver(ann, annSet, key));
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(await keysOf(ann)).to.deep.equal(['key-3', 'key-4', 'key-5']);
    expect(await keysOf(bob)).to.deep.equal(['bob-1']);

    const kept = await deliver(ann, annSet, 'key-5');
    expect(kept.headers['idempotent-replayed']).to.equal('true');
    expect(kept.body).to.deep.equal(answers[4].body);
    const pushedOut = await deliver(ann, annSet, 'key-1');
    expect(pushedOut.status).to.equal(200);
    expect(pushedOut.headers['idempotent-replayed']).to.equal(undefined);
    expect(pushedOut.body).to.deep.equal(answers[0].body);
    expect(await keysOf(ann)).to.deep.equal(['key-1', 'key-4', 'key-5']);
    // Without its key the set was still placed and paid once.
    expect(shop.ddelivery.orders.filter((order) => order.get('shop_refnum') === String(annSet))).to.have.length(1);
    expect(await shop.rows('SELECT id FROM payments WHERE order_set_id = $1', [annSet])).to.have.length(1);
  });
});
