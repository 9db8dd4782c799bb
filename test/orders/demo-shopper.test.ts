import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { DEMO_SHOPPER_EMAIL, ensureDemoShopper } from '../../src/orders/demo-shopper';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { stockShop } from './shop';

describe(`demo shopper (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
  });
  after(() => runtime.dispose());

  it('is nothing before the demo catalog has a product with a layout', async () => {
    expect(await ensureDemoShopper(runtime)).to.equal(undefined);
  });

  it('gets a layout of their own, once, and can put it in the cart with the printed token', async () => {
    const { rows } = await runtime.db.sql.query<{ id: string }>("INSERT INTO layouts (product_id, format_id, name, num_pages) VALUES (3, 3, 'Демо', 11) RETURNING id");
    await runtime.db.sql.query(`INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox)
      SELECT $1, n, CASE WHEN n = 0 THEN 'COVER' ELSE 'PAGE' END, 3000, '{"width": 3000, "height": 2000}' FROM generate_series(0, 10) AS n`, [rows[0].id]);
    await runtime.db.sql.query('UPDATE products SET layout_id = $1 WHERE id = 3', [rows[0].id]);
    const first = await ensureDemoShopper(runtime);
    const again = await ensureDemoShopper(runtime);
    expect(again?.layoutId).to.equal(first?.layoutId);
    const owner = await runtime.users.findByEmail(DEMO_SHOPPER_EMAIL);
    const { rows: layouts } = await runtime.db.sql.query('SELECT product_id, num_pages FROM layouts WHERE owner_id = $1', [owner!.id]);
    expect(layouts).to.deep.equal([{ product_id: 3, num_pages: 11 }]);
    const response = await request(buildApp(runtime).callback()).post(`/api/ua/layout/${first!.layoutId}/`).set('Authorization', `Bearer ${again!.token}`);
    expect(response.status).to.equal(201);
    expect(response.body.cost).to.equal(1990);
  });
});
