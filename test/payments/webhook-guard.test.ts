import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout } from '../checkout/checkout';

// The notification endpoint is open to anyone and each notification costs a call with the shop's credentials.
describe(`payment webhook guards (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  const notify = (id: unknown) => shop.client.post('/api/merch/payment/webhook/')
    .send({ type: 'notification', event: 'payment.succeeded', object: { id } });
  const providerCalls = () => shop.yookassa.exchanges.length;

  before(async () => {
    shop = await checkout({ PAYMENT_WEBHOOK_RATE_LIMIT_PER_MINUTE: '12' });
  });
  after(() => shop.close());

  it('refuses an object.id that is not a payment id with 400 by field, before any call to the provider', async () => {
    for (const id of ['.', '..', '../me', '%2e%2e', 'abc', '2419a771-000f-5000-9000-1edaf29243f2/../refunds', '']) {
      const response = await notify(id);
      expect(response.status, id).to.equal(400);
      expect(Object.keys(response.body)).to.deep.equal(['object']);
    }
    expect(providerCalls()).to.equal(0);
    const known = await notify('2419a771-000f-5000-9000-1edaf29243f2');
    expect(known.status).to.equal(200);
    expect(known.body).to.deep.equal({ outcome: 'unknown' });
    expect(providerCalls()).to.equal(1);
  });

  it('limits notifications per source address: 429 with Retry-After, and no call to the provider', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 13; index += 1) statuses.push((await notify('2419a771-000f-5000-9000-1edaf29243f2')).status);
    // 8 were used by the test above in this minute's window.
    expect(statuses.filter((status) => status === 429).length).to.be.greaterThan(0);
    const calls = providerCalls();
    const refused = await notify('2419a771-000f-5000-9000-1edaf29243f2');
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect(providerCalls()).to.equal(calls);
  });
});
