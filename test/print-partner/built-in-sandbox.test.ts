// The default partner (PRINT_PARTNER=sandbox) is served by the service itself under /print-partner/sandbox/: the shop
// talks to it with the same Lulu client, it fetches the files from the same service and posts its webhooks back.
import { expect } from 'chai';
import { eventually } from '../admin/helpers';
import { DATABASE_KIND } from '../helpers/database';
import { type PartnerWorld, partnerWorld } from './world';

describe(`the built-in sandbox print partner (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let world: PartnerWorld;

  before(async () => {
    world = await partnerWorld({ PRINT_PARTNER: 'sandbox', SANDBOX_PRINT_STEP_MS: '150', ORDER_HOLD_MINUTES: '0' });
  });
  after(async () => {
    await world?.close();
  });

  it('walks a paid book to SHIPPED on the service\'s own pages, with no hold when ORDER_HOLD_MINUTES=0', async () => {
    const { who, set } = await world.paidSet();
    const final = await eventually(async () => (await world.client.get('/api/merch/orderset/').set('Authorization', who.auth)).body
      .find((row: { id: number }) => row.id === set), (row) => row.status === 'SHIPPED');
    expect(final.orders[0].print_job).to.include({ partner: 'sandbox', status: 'SHIPPED', attempt: 1 });
    const jobId = final.orders[0].print_job.id;
    // Its API wants its token: the service's own pages are not open to anyone.
    expect((await world.client.get(`/print-partner/sandbox/print-jobs/${jobId}/`)).status).to.equal(401);
    // The local sandbox server of the other tests saw nothing.
    expect(world.sandbox.jobCount()).to.equal(0);
  });
});
