import { expect } from 'chai';
import pg from 'pg';
import { DATABASE_KIND } from '../helpers/database';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { eventually, roleTokens, type RoleTokens } from '../admin/helpers';
import { type Checkout, checkout } from '../checkout/checkout';
import { history, layoutStatuses, mailJobs, move, paidSet } from './status-walk';

describe(`order sets after payment, moved by administrators (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let smtp: TestSmtpServer;
  let tokens: RoleTokens;
  let adminId: number;

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const status = async (set: number) => (await shop.rows('SELECT status FROM order_sets WHERE id = $1', [set]))[0].status;

  before(async () => {
    smtp = await startSmtpServer();
    shop = await checkout({ SMTP_URL: smtp.url });
    await shop.runtime.queue.work(shop.runtime.jobContext);
    tokens = await roleTokens(shop.runtime);
    adminId = Number((await shop.rows("SELECT id FROM users WHERE role = 'admin'"))[0].id);
  });
  afterEach(() => {
    shop.yookassa.failAfterRefund = 0;
  });
  after(async () => {
    await shop.close();
    await smtp.close();
  });

  it('walks a paid set to DELIVERED: history, tracking number, mails, layouts IN_WORK (delivery is the set\'s status)', async () => {
    const { who, email, set } = await paidSet(shop);
    expect((await move(shop, tokens.admin, set, { status: 'IN_PRODUCTION' })).status).to.equal(200);
    const untracked = await move(shop, tokens.admin, set, { status: 'SHIPPED' });
    expect(untracked.status).to.equal(400);
    expect(untracked.body).to.deep.equal({ tracking_number: ['This field is required when the status is SHIPPED.'] });
    expect((await move(shop, tokens.admin, set, { status: 'SHIPPED', tracking_number: 'RA123456789RU' })).status).to.equal(200);
    const delivered = await move(shop, tokens.admin, set, { status: 'DELIVERED' });
    expect(delivered.status).to.equal(200);
    expect(shop.validator.errorsOf('admin-order-set.json', delivered.body)).to.equal(null);
    expect(delivered.body).to.include({ status: 'DELIVERED', tracking_number: 'RA123456789RU' });
    expect(delivered.body.history.map((row: { status: string }) => row.status)).to.deep.equal(['IN_PRODUCTION', 'SHIPPED', 'DELIVERED']);
    expect(delivered.body.history[0].changed_by.id).to.equal(adminId);

    expect(await history(shop, set)).to.deep.equal([
      { from_status: 'PAID', to_status: 'IN_PRODUCTION', tracking_number: null, changed_by: adminId },
      { from_status: 'IN_PRODUCTION', to_status: 'SHIPPED', tracking_number: 'RA123456789RU', changed_by: adminId },
      { from_status: 'SHIPPED', to_status: 'DELIVERED', tracking_number: null, changed_by: adminId },
    ]);
    expect(await layoutStatuses(shop, set)).to.deep.equal(['IN_WORK']);

    const mine = (await shop.client.get('/api/merch/orderset/').set('Authorization', who.auth)).body;
    expect(shop.validator.errorsOf('order-set-list.json', mine)).to.equal(null);
    expect(mine.find((row: { id: number }) => row.id === set)).to.include({ status: 'DELIVERED', tracking_number: 'RA123456789RU' });

    const mails = await eventually(async () => mailsTo(email), (received) => received.length >= 3);
    expect(mails.map((mail) => mail.subject).sort()).to.deep.equal(
      [`Заказ №${set} передан в печать`, `Заказ №${set} отправлен`, `Заказ №${set} доставлен`].sort());
    expect(mails.find((mail) => mail.subject.endsWith('отправлен'))!.text).to.contain('Трек-номер: RA123456789RU');

    const listed = await shop.client.get('/api/admin/orderset/?status=DELIVERED').set('Authorization', tokens.admin);
    expect(listed.status).to.equal(200);
    expect(shop.validator.errorsOf('admin-order-set-list.json', listed.body)).to.equal(null);
    expect(listed.body.results.map((row: { id: number }) => row.id)).to.include(set);
    expect(listed.body.results.every((row: { status: string }) => row.status === 'DELIVERED')).to.equal(true);
  });

  it('cancels a set in production with one refund at YooKassa, and mails the shopper', async () => {
    const { email, set, paymentId } = await paidSet(shop);
    expect((await move(shop, tokens.admin, set, { status: 'IN_PRODUCTION' })).status).to.equal(200);
    const canceled = await move(shop, tokens.admin, set, { status: 'CANCELED' });
    expect(canceled.status, JSON.stringify(canceled.body)).to.equal(200);
    const refunds = [...shop.yookassa.refunds.values()].filter((refund) => refund.payment_id === paymentId);
    expect(refunds).to.have.length(1);
    expect(refunds[0].amount).to.deep.equal({ value: '1949.35', currency: 'RUB' });
    expect(canceled.body.refund).to.deep.equal({ status: 'succeeded', amount: 1949.35, provider_refund_id: refunds[0].id });
    expect(await status(set)).to.equal('CANCELED');
    expect((await history(shop, set)).map((row) => row.to_status)).to.deep.equal(['IN_PRODUCTION', 'CANCELED']);
    expect(await layoutStatuses(shop, set)).to.deep.equal(['OPEN']);
    await eventually(async () => mailsTo(email), (received) => received.length >= 2);
    const cancelMail = mailsTo(email).find((mail) => mail.subject === `Заказ №${set} отменён`)!;
    expect(cancelMail.text).to.contain('Оплата возвращена: 1949.35 руб.');
  });

  it('enqueues each move\'s mail in the move\'s own transaction, so a move is never without its mail nor a mail without its move', async () => {
    const { set } = await paidSet(shop);
    expect((await move(shop, tokens.admin, set, { status: 'IN_PRODUCTION' })).status).to.equal(200);
    // now() is the time its transaction started: the history row's changed_at and the job's created_on are equal
    // when one transaction wrote both. (Not xmin: the worker updates the job's row when it takes the job.)
    const rows = await shop.rows(
      `SELECT h.changed_at::text AS move, j.created_on::text AS mail FROM order_status_history h
         JOIN pgboss.job j ON j.name = 'send-order-status-email' AND (j.data->>'historyId')::int = h.id
        WHERE h.order_set_id = $1`, [set]);
    expect(rows).to.have.length(1);
    expect(rows[0].mail).to.equal(rows[0].move);
  });

  it('lets only administrators list or move order sets', async () => {
    const { who, set } = await paidSet(shop);
    for (const auth of [tokens.moderator, tokens.user, who.auth]) {
      expect((await move(shop, auth, set, { status: 'IN_PRODUCTION' })).body).to.deep.equal({ detail: 'You do not have permission to perform this action.' });
      expect((await shop.client.get('/api/admin/orderset/').set('Authorization', auth)).status).to.equal(403);
    }
    expect((await shop.client.patch(`/api/admin/orderset/${set}/`).send({ status: 'IN_PRODUCTION' })).status).to.equal(401);
    expect((await shop.client.get('/api/admin/orderset/')).status).to.equal(401);
    expect(await status(set)).to.equal('PAID');
    expect(await history(shop, set)).to.deep.equal([]);
  });

  it('refuses moves the table does not allow, naming the current status and the allowed ones', async () => {
    const { set } = await paidSet(shop);
    const skip = await move(shop, tokens.admin, set, { status: 'DELIVERED' });
    expect(skip.status).to.equal(409);
    expect(skip.body).to.deep.equal({
      detail: 'The order set is PAID: it can move to IN_PRODUCTION or CANCELED, not DELIVERED.', status: 'PAID', allowed_statuses: ['IN_PRODUCTION', 'CANCELED'],
    });
    expect((await move(shop, tokens.admin, set, { status: 'SHIPPED', tracking_number: 'RA1RU' })).status).to.equal(409);
    expect((await move(shop, tokens.admin, set, { status: 'PAID' })).status).to.equal(400);
    expect((await move(shop, tokens.admin, set, { status: 'IN_PRODUCTION', tracking_number: 'RA1RU' })).status).to.equal(400);
    await move(shop, tokens.admin, set, { status: 'IN_PRODUCTION' });
    await move(shop, tokens.admin, set, { status: 'SHIPPED', tracking_number: 'RA1RU' });
    const late = await move(shop, tokens.admin, set, { status: 'CANCELED' });
    expect(late.status).to.equal(409);
    expect(late.body).to.include({ status: 'SHIPPED' });
    expect(late.body.allowed_statuses).to.deep.equal(['DELIVERED']);
    expect([...shop.yookassa.refunds.values()].filter((refund) => refund.payment_id === late.body.id)).to.have.length(0);
    expect(await status(set)).to.equal('SHIPPED');
    expect((await shop.client.get('/api/admin/orderset/?status=SOLD').set('Authorization', tokens.admin)).status).to.equal(400);
    expect((await shop.client.get('/api/admin/orderset/?page=99').set('Authorization', tokens.admin)).body).to.deep.equal({ detail: 'Invalid page.' });
    const unpaid = await shop.cartOf((await paidSet(shop)).who);
    expect((await move(shop, tokens.admin, unpaid, { status: 'IN_PRODUCTION' })).body.allowed_statuses).to.deep.equal([]);
  });

  it('refunds exactly once when the answer is lost: the set stays un-canceled (502) until a retry gets the same refund', async () => {
    const { set, paymentId } = await paidSet(shop);
    shop.yookassa.failAfterRefund = 10;
    const lost = await move(shop, tokens.admin, set, { status: 'CANCELED' });
    expect(lost.status).to.equal(502);
    expect(lost.body.error).to.equal('provider_unavailable');
    expect(await status(set)).to.equal('PAID');
    const meanwhile = await move(shop, tokens.admin, set, { status: 'IN_PRODUCTION' });
    expect(meanwhile.status).to.equal(409);
    expect(meanwhile.body.allowed_statuses).to.deep.equal(['CANCELED']);

    shop.yookassa.failAfterRefund = 0;
    expect((await move(shop, tokens.admin, set, { status: 'CANCELED' })).status).to.equal(200);
    expect((await move(shop, tokens.admin, set, { status: 'CANCELED' })).status).to.equal(409);
    const requests = shop.yookassa.refundRequests().filter((request) => request.body.payment_id === paymentId);
    expect(requests.length).to.be.greaterThan(1);
    expect(new Set(requests.map((request) => request.key)).size).to.equal(1);
    expect([...shop.yookassa.refunds.values()].filter((refund) => refund.payment_id === paymentId)).to.have.length(1);
    expect((await history(shop, set)).map((row) => row.to_status)).to.deep.equal(['CANCELED']);
    expect(await mailJobs(shop, set)).to.have.length(1);
  });

  // PGlite runs one transaction at a time, so two moves can never overlap there: this needs a server.
  it('applies one of two simultaneous moves of a set (PostgreSQL: PGlite serialises transactions)', async function () {
    if (DATABASE_KIND !== 'postgres') this.skip();
    const { set } = await paidSet(shop);
    // Both requests are held at the set's row (by a connection of the test's own, outside the service's small test
    // pool) until both are inside their transactions, then let go together.
    const holder = new pg.Client({ connectionString: shop.runtime.db.connectionString });
    await holder.connect();
    let results;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM order_sets WHERE id = $1 FOR UPDATE', [set]);
      const racing = Promise.all([1, 2].map(() => move(shop, tokens.admin, set, { status: 'IN_PRODUCTION' })));
      for (let waiting = 0; waiting < 2;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        waiting = Number((await holder.query(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0].n);
      }
      await holder.query('COMMIT');
      results = await racing;
    } finally {
      await holder.end();
    }
    expect(results.map((response) => response.status).sort()).to.deep.equal([200, 409]);
    expect(await history(shop, set)).to.have.length(1);
    expect(await mailJobs(shop, set)).to.have.length(1);
  });
});
