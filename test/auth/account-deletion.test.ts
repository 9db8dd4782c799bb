import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import type { User } from '../../src/auth/users-repository';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

const MONEY_TABLES = ['order_sets', 'orders', 'deliveries', 'payments'];

describe(`order records and deleted users (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;

  /** A user with a paid order: an order set, an order of a layout, a delivery and a payment. */
  async function customerWithOrder(email: string): Promise<User> {
    const user = await runtime.users.create({ email, name: 'Анна Покупатель' });
    await runtime.db.sql.query(
      "INSERT INTO user_identities (user_id, provider, provider_user_id, email, profile) VALUES ($1, 'vk', $2, $3, '{\"city\": \"Kazan\"}')",
      [user.id, `vk-${user.id}`, email]);
    const { rows: [layout] } = await runtime.db.sql.query<{ id: string }>('INSERT INTO layouts (owner_id, name) VALUES ($1, $2) RETURNING id', [user.id, 'Отпуск']);
    const { rows: [set] } = await runtime.db.sql.query<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'PAID') RETURNING id", [user.id]);
    await runtime.db.sql.query('INSERT INTO orders (order_set_id, layout_id, price_kopecks) VALUES ($1, $2, 150000)', [set.id, layout.id]);
    await runtime.db.sql.query("INSERT INTO deliveries (order_set_id, provider, price_kopecks) VALUES ($1, 'sandbox', 35000)", [set.id]);
    await runtime.db.sql.query("INSERT INTO payments (order_set_id, provider, amount_kopecks, status) VALUES ($1, 'sandbox', 185000, 'succeeded')", [set.id]);
    return user;
  }
  const moneyRowsOf = async (userId: number) => {
    const { rows: [counts] } = await runtime.db.sql.query<Record<string, number>>(`
      SELECT (SELECT count(*)::int FROM order_sets WHERE user_id = $1) AS order_sets,
             (SELECT count(*)::int FROM orders o JOIN order_sets s ON s.id = o.order_set_id WHERE s.user_id = $1) AS orders,
             (SELECT count(*)::int FROM deliveries d JOIN order_sets s ON s.id = d.order_set_id WHERE s.user_id = $1) AS deliveries,
             (SELECT count(*)::int FROM payments p JOIN order_sets s ON s.id = p.order_set_id WHERE s.user_id = $1) AS payments`, [userId]);
    return counts;
  };
  const refusedCode = async (statement: string, params: unknown[]) => {
    let code: string | undefined;
    await runtime.db.sql.query(statement, params).catch((error: { code?: string }) => {
      code = error.code;
    });
    return code;
  };

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('refuses to delete a user, or an order set, that has order records: nothing is cascaded away', async () => {
    const user = await customerWithOrder('keeps@example.com');
    const everything = { order_sets: 1, orders: 1, deliveries: 1, payments: 1 };
    expect(await moneyRowsOf(user.id)).to.deep.equal(everything);
    // restrict_violation (23001) since PostgreSQL 17, foreign_key_violation (23503) before it (PGlite is 17).
    const refused = ['23001', '23503'];
    expect(await refusedCode('DELETE FROM users WHERE id = $1', [user.id])).to.be.oneOf(refused);
    const { rows: [set] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM order_sets WHERE user_id = $1', [user.id]);
    expect(await refusedCode('DELETE FROM order_sets WHERE id = $1', [set.id])).to.be.oneOf(refused);
    expect(await moneyRowsOf(user.id)).to.deep.equal(everything);
  });

  it('makes every reference to order records restrictive', async () => {
    const { rows } = await runtime.db.sql.query<{ table_name: string; delete_rule: string }>(`
      SELECT tc.table_name, rc.delete_rule FROM information_schema.referential_constraints rc
      JOIN information_schema.table_constraints tc ON tc.constraint_name = rc.constraint_name
      WHERE tc.table_name = ANY($1) AND rc.unique_constraint_name IN ('users_pkey', 'order_sets_pkey')`, [MONEY_TABLES]);
    expect(rows.map((row) => `${row.table_name} ${row.delete_rule}`).sort())
      .to.deep.equal(['deliveries RESTRICT', 'order_sets RESTRICT', 'orders RESTRICT', 'payments RESTRICT']);
  });

  it('deletes a user by anonymising: nothing personal left, tokens refused, orders kept, others untouched', async () => {
    const leaver = await customerWithOrder('leaver@example.com');
    const other = await customerWithOrder('stays@example.com');
    const token = runtime.tokens.issue(leaver);
    const response = await client.delete('/api/auth/user/').set('Authorization', `Bearer ${token}`);
    expect(response.status).to.equal(204);
    const { rows: [row] } = await runtime.db.sql.query('SELECT email, name, deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1', [leaver.id]);
    expect(row).to.deep.equal({ email: null, name: '', deleted: true });
    const { rows: identities } = await runtime.db.sql.query('SELECT 1 FROM user_identities WHERE user_id = $1', [leaver.id]);
    expect(identities).to.have.length(0);
    expect(await moneyRowsOf(leaver.id)).to.deep.equal({ order_sets: 1, orders: 1, deliveries: 1, payments: 1 });
    const again = await client.get('/api/auth/user/').set('Authorization', `Bearer ${token}`);
    expect(again.status).to.equal(401);
    expect(again.body).to.deep.equal({ detail: 'Invalid token.' });
    const otherMe = await client.get('/api/auth/user/').set('Authorization', `Bearer ${runtime.tokens.issue(other)}`);
    expect(otherMe.body).to.deep.include({ email: 'stays@example.com', name: 'Анна Покупатель' });
    expect(await moneyRowsOf(other.id)).to.deep.equal({ order_sets: 1, orders: 1, deliveries: 1, payments: 1 });
  });

  it('refuses a token of a deleted user even when it carries the current token version', async () => {
    const user = await runtime.users.create({ email: 'ghost@example.com' });
    await runtime.db.sql.query('UPDATE users SET deleted_at = now() WHERE id = $1', [user.id]);
    const response = await client.get('/api/auth/user/').set('Authorization', `Bearer ${runtime.tokens.issue(user)}`);
    expect(response.status).to.equal(401);
  });

  it('answers 401 to an anonymous delete', async () => {
    expect((await client.delete('/api/auth/user/')).status).to.equal(401);
  });
});
