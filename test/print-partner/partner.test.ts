// Issue 53 with the sandbox partner as a local server speaking Lulu's Print API: a paid set waits out its hold, its
// books go to the partner with their files (fetched through their signed links and checked), the partner's statuses
// come back by signed webhooks (or by polling, when they are lost) and move the set, with its mails, once.
import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { eventually } from '../admin/helpers';
import { signatureOf } from '../../src/print/partner/protocol';
import { LULU_SECRET, type PartnerWorld, partnerWorld } from './world';

describe(`print partner: hold, send, webhooks and polling (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let world: PartnerWorld;

  const jobsOf = (set: number) => world.rows(
    'SELECT order_id, attempt, status, partner_job_id, messages, tracking_id FROM print_partner_jobs WHERE order_set_id = $1 ORDER BY order_id, attempt', [set]);
  const setStatus = async (set: number) => (await world.rows('SELECT status, tracking_number FROM order_sets WHERE id = $1', [set]))[0];
  const history = (set: number) => world.rows(
    'SELECT from_status, to_status, changed_by FROM order_status_history WHERE order_set_id = $1 ORDER BY id', [set]);
  const mailJobs = async (set: number) => (await world.rows(
    `SELECT j.id FROM pgboss.job j JOIN order_status_history h ON h.id = (j.data->>'historyId')::int
      WHERE j.name = 'send-order-status-email' AND h.order_set_id = $1`, [set])).length;
  const finalStatus = (set: number, status: string) => eventually(() => jobsOf(set), (jobs) => jobs.length > 0 && jobs.every((job) => job.status === status));
  const shipped = async (set: number) => {
    await finalStatus(set, 'SHIPPED');
    return eventually(() => setStatus(set), (row) => row.status === 'SHIPPED');
  };
  const mine = async (who: { auth: string }, set: number) => {
    const response = await world.client.get('/api/merch/orderset/').set('Authorization', who.auth);
    expect(world.validator.errorsOf('order-set-list.json', response.body)).to.equal(null);
    return response.body.find((row: { id: number }) => row.id === set);
  };

  before(async () => {
    world = await partnerWorld();
  });
  afterEach(async () => {
    await world.faults({});
  });
  after(async () => {
    await world?.close();
  });

  it('holds a paid set ORDER_HOLD_MINUTES, then sends its book with its files, which the partner fetches and accepts, and follows it to SHIPPED', async () => {
    const before = world.sandbox.jobCount();
    const { who, set } = await world.paidSet();
    const [held] = await world.rows(
      `SELECT extract(epoch FROM s.print_hold_until - now()) AS hold_left, extract(epoch FROM j.start_after - now()) AS start_left, j.state
         FROM order_sets s JOIN pgboss.job j ON j.name = 'send-to-print-partner' AND (j.data->>'orderSetId')::int = s.id WHERE s.id = $1`, [set]);
    expect(Number(held.hold_left)).to.be.within(3590, 3600);
    expect(Number(held.start_left)).to.be.within(3590, 3600);
    expect(held.state).to.equal('created');
    const waiting = await mine(who, set);
    expect(waiting.print_hold_until).to.be.a('string');
    expect(waiting.orders[0].print_job).to.equal(null);

    await world.endHold(set);
    const final = await shipped(set);
    expect(world.sandbox.jobCount()).to.equal(before + 1);
    const [job] = await jobsOf(set);
    expect(job).to.include({ attempt: 1, status: 'SHIPPED' });
    expect(final.tracking_number).to.equal(job.tracking_id);
    expect(await history(set)).to.deep.equal([
      { from_status: 'PAID', to_status: 'IN_PRODUCTION', changed_by: null },
      { from_status: 'IN_PRODUCTION', to_status: 'SHIPPED', changed_by: null },
    ]);
    expect(await mailJobs(set)).to.equal(2);
    const read = await mine(who, set);
    expect(read.status).to.equal('SHIPPED');
    expect(read.orders[0].print_job).to.include({ partner: 'lulu', status: 'SHIPPED', tracking_id: job.tracking_id, carrier_name: 'Sandbox Post' });
    const admin = await world.client.get(`/api/admin/orderset/${set}/`).set('Authorization', world.tokens.admin);
    expect(world.validator.errorsOf('admin-order-set.json', admin.body)).to.equal(null);
    expect(admin.body.orders[0].print_job.status).to.equal('SHIPPED');
  });

  it('lets the shopper cancel inside the hold (refunded once, nothing sent), and not after it', async () => {
    const before = world.sandbox.jobCount();
    const { who, set, paymentId } = await world.paidSet();
    const other = await world.paidSet();
    const stranger = await world.client.post(`/api/merch/orderset/${set}/cancel/`).set('Authorization', other.who.auth);
    expect(stranger.status).to.equal(404);
    const canceled = await world.client.post(`/api/merch/orderset/${set}/cancel/`).set('Authorization', who.auth);
    expect(canceled.status, JSON.stringify(canceled.body)).to.equal(200);
    expect(world.validator.errorsOf('order-set.json', canceled.body)).to.equal(null);
    expect(canceled.body.status).to.equal('CANCELED');
    expect([...world.yookassa.refunds.values()].filter((refund) => refund.payment_id === paymentId)).to.have.length(1);
    await world.endHold(set);
    await eventually(() => world.rows("SELECT state FROM pgboss.job WHERE name = 'send-to-print-partner' AND (data->>'orderSetId')::int = $1", [set]),
      (rows) => rows.every((row) => row.state === 'completed'));
    expect(await jobsOf(set)).to.deep.equal([]);
    expect(world.sandbox.jobCount()).to.equal(before);

    // Sent, and held by the partner before production: the set is still PAID, but the hold is over.
    await world.faults({ delay_steps: 1000 });
    await world.endHold(other.set);
    await finalStatus(other.set, 'PRODUCTION_DELAYED');
    expect((await setStatus(other.set)).status).to.equal('PAID');
    const late = await world.client.post(`/api/merch/orderset/${other.set}/cancel/`).set('Authorization', other.who.auth);
    expect(late.status).to.equal(409);
    expect(late.body.detail).to.equal('The hold is over: the order set has gone to print.');
  });

  it('lets the shopper take one book back inside the hold: the order leaves the set, its cost is refunded, the other book is sent', async () => {
    const { who, set, paymentId } = await world.paidSet(2);
    const before = await mine(who, set);
    const [taken, kept] = before.orders;
    const response = await world.client.post(`/api/merch/order/${taken.id}/take-back/`).set('Authorization', who.auth);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.body.orders.map((order: { id: number }) => order.id)).to.deep.equal([kept.id]);
    expect(response.body.total_cost).to.equal(kept.cost);
    const refunds = [...world.yookassa.refunds.values()].filter((refund) => refund.payment_id === paymentId);
    expect(refunds.map((refund) => refund.amount.value)).to.deep.equal([taken.cost.toFixed(2)]);
    expect((await world.rows('SELECT status FROM layouts WHERE id = $1', [taken.layout_id]))[0].status).to.equal('OPEN');
    const only = await world.client.post(`/api/merch/order/${kept.id}/take-back/`).set('Authorization', who.auth);
    expect(only.status).to.equal(409);

    await world.endHold(set);
    await shipped(set);
    expect((await jobsOf(set)).map((job) => job.order_id)).to.deep.equal([kept.id]);
  });

  it('shows a rejected book\'s reasons, and an administrator re-sends it after the fix', async () => {
    await world.faults({ reject: 'interior: fonts are not embedded' });
    const { who, set } = await world.paidSet();
    await world.endHold(set);
    await finalStatus(set, 'REJECTED');
    const read = await mine(who, set);
    expect(read.status).to.equal('PAID');
    expect(read.orders[0].print_job.messages).to.include('interior: fonts are not embedded');
    const order = read.orders[0].id;
    await world.faults({});
    const resend = (path: string, auth: string) => world.client.post(path).set('Authorization', auth);
    expect((await resend(`/api/admin/orderset/${set}/order/${order}/resend/`, who.auth)).status).to.equal(403);
    const again = await resend(`/api/admin/orderset/${set}/order/${order}/resend/`, world.tokens.admin);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    await shipped(set);
    expect((await jobsOf(set)).map((job) => [job.attempt, job.status])).to.deep.equal([[1, 'REJECTED'], [2, 'SHIPPED']]);
    expect((await resend(`/api/admin/orderset/${set}/order/${order}/resend/`, world.tokens.admin)).status).to.equal(409);
  });

  it('hands a re-send to the send job: a lost answer is retried and found, never a stuck attempt', async () => {
    await world.faults({ reject: 'cover: wrong size' });
    const before = world.sandbox.jobCount();
    const { set } = await world.paidSet();
    await world.endHold(set);
    await finalStatus(set, 'REJECTED');
    const [rejected] = await jobsOf(set);
    await world.faults({ lose_answers: 1 });
    const again = await world.client.post(`/api/admin/orderset/${set}/order/${rejected.order_id}/resend/`).set('Authorization', world.tokens.admin);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    await shipped(set);
    expect((await jobsOf(set)).map((job) => [job.attempt, job.status])).to.deep.equal([[1, 'REJECTED'], [2, 'SHIPPED']]);
    expect(world.sandbox.jobCount()).to.equal(before + 2);
  });

  it('sends nothing before the hold is over, and refuses a change of mind once the hold is over or the book is sent', async () => {
    const before = world.sandbox.jobCount();
    const { who, set } = await world.paidSet();
    const cancel = () => world.client.post(`/api/merch/orderset/${set}/cancel/`).set('Authorization', who.auth);
    // The send job run early (a hold lengthened after it was enqueued) sends nothing and waits for the hold's end.
    expect(await world.runtime.services.printPartner.sendOrderSet(set)).to.deep.equal({ skipped: 'the hold is not over' });
    expect(await jobsOf(set)).to.deep.equal([]);
    expect(world.sandbox.jobCount()).to.equal(before);
    // The hold over, nothing sent yet (the send job has not run): too late to cancel.
    await world.rows("UPDATE order_sets SET print_hold_until = now() - interval '1 minute' WHERE id = $1", [set]);
    const late = await cancel();
    expect(late.status).to.equal(409);
    expect(late.body.detail).to.equal('The hold is over: the order set has gone to print.');
    // Sent, and the hold lengthened again afterwards: what is at the partner cannot be taken back.
    expect(await world.runtime.services.printPartner.sendOrderSet(set)).to.deep.equal({ sent: 1 });
    await world.rows("UPDATE order_sets SET print_hold_until = now() + interval '1 hour' WHERE id = $1", [set]);
    const sent = await cancel();
    expect(sent.status).to.equal(409);
    expect(sent.body.detail).to.equal('The hold is over: the order set has gone to print.');
    expect(world.sandbox.jobCount()).to.equal(before + 1);
  });

  it('applies duplicated and reordered webhooks once and in order: the final statuses are right and nothing is sent twice', async () => {
    await world.faults({ duplicate: true, reorder: true });
    const before = world.sandbox.jobCount();
    const { set } = await world.paidSet(2);
    await world.endHold(set);
    await shipped(set);
    // The last report (an older status sent again after SHIPPED) has had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await jobsOf(set)).map((job) => job.status)).to.deep.equal(['SHIPPED', 'SHIPPED']);
    expect(world.sandbox.jobCount()).to.equal(before + 2);
    expect((await history(set)).map((row) => row.to_status)).to.deep.equal(['IN_PRODUCTION', 'SHIPPED']);
    expect(await mailJobs(set)).to.equal(2);
  });

  it('finds a job whose create lost its answer when the send is retried, and never makes it twice', async () => {
    await world.faults({ lose_answers: 1 });
    const before = world.sandbox.jobCount();
    const { set } = await world.paidSet();
    await world.endHold(set);
    await shipped(set);
    // The first send failed on the lost answer (the job at the partner made all the same); its retry found that job.
    const [send] = await world.rows(
      "SELECT retry_count FROM pgboss.job WHERE name = 'send-to-print-partner' AND (data->>'orderSetId')::int = $1 AND state = 'completed'", [set]);
    expect(send.retry_count).to.be.at.least(1);
    expect(world.sandbox.jobCount()).to.equal(before + 1);
    expect((await jobsOf(set)).map((job) => [job.attempt, job.status])).to.deep.equal([[1, 'SHIPPED']]);
  });

  it('refuses forged and stale webhooks, and an older status never overwrites a newer one', async () => {
    const { set } = await world.paidSet();
    await world.endHold(set);
    await shipped(set);
    const [job] = await jobsOf(set);
    const report = (status: string, changed: Date) => JSON.stringify({
      topic: 'PRINT_JOB_STATUS_CHANGED',
      data: { id: job.partner_job_id, external_id: 'x', status: { name: status, changed: changed.toISOString(), messages: {} }, line_items: [] },
    });
    const post = (body: string, signature: string) => world.client.post('/api/print-partner/lulu/webhook/')
      .set('Content-Type', 'application/json').set('Lulu-HMAC-SHA256', signature).send(body);

    const forged = report('REJECTED', new Date());
    expect((await post(forged, signatureOf(forged, 'not-the-secret'))).status).to.equal(401);
    const stale = report('REJECTED', new Date(Date.now() - 4 * 24 * 3600_000));
    expect((await post(stale, signatureOf(stale, LULU_SECRET))).status).to.equal(400);
    const older = report('IN_PRODUCTION', new Date(Date.now() - 3600_000));
    const answered = await post(older, signatureOf(older, LULU_SECRET));
    expect(answered.body).to.deep.equal({ outcome: 'unchanged' });
    expect((await jobsOf(set))[0].status).to.equal('SHIPPED');

    const genuine = report('REJECTED', new Date());
    expect((await post(genuine, signatureOf(genuine, LULU_SECRET))).body).to.deep.equal({ outcome: 'applied' });
    expect((await jobsOf(set))[0].status).to.equal('REJECTED');
  });

  it('recovers lost webhooks by polling the partner', async () => {
    await world.faults({ drop: true });
    const { set } = await world.paidSet();
    await world.endHold(set);
    await eventually(() => jobsOf(set), (jobs) => jobs.length === 1 && jobs[0].partner_job_id !== null);
    // Long enough for the sandbox to have walked the job to SHIPPED, none of it reported.
    await new Promise((resolve) => setTimeout(resolve, 12 * 150 + 500));
    expect((await jobsOf(set))[0].status).to.equal('CREATED');
    const report = await world.runtime.services.printPartner.poll(0);
    expect(report.applied).to.be.at.least(1);
    expect((await jobsOf(set))[0].status).to.equal('SHIPPED');
    expect((await setStatus(set)).status).to.equal('SHIPPED');
    expect(await mailJobs(set)).to.equal(1);
  });
});
