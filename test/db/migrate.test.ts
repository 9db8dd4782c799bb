import { expect } from 'chai';
import type { Database } from '../../src/db/database';
import { migrate, migrationNames, migrationsApplied } from '../../src/db/migrate';
import { bareDatabase, DATABASE_KIND } from '../helpers/database';

describe(`migrations (${DATABASE_KIND})`, () => {
  let db: Database;
  before(async () => {
    db = await bareDatabase();
  });
  after(() => db.close());

  it('are not reported as applied on an empty database', async () => {
    expect(await migrationsApplied(db)).to.equal(false);
  });

  it('apply every committed migration once, and nothing on a second run', async () => {
    expect(await migrate(db)).to.deep.equal(migrationNames());
    expect(await migrate(db)).to.deep.equal([]);
    expect(await migrationsApplied(db)).to.equal(true);
  });

  it('create the indexes the gallery filters and sorts rely on', async () => {
    const { rows } = await db.sql.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'products'");
    expect(rows.map((row) => row.indexname)).to.include.members([
      'products_new_idx', 'products_top_idx', 'products_format_idx', 'products_theme_idx',
      'products_template_categories_idx', 'products_name_trgm_idx', 'products_description_trgm_idx',
    ]);
  });

  it('store money exactly, as integer kopecks', async () => {
    const { rows } = await db.sql.query<{ table_name: string; data_type: string }>(
      "SELECT table_name, data_type FROM information_schema.columns WHERE column_name LIKE '%kopecks'",
    );
    expect(rows.map((row) => row.table_name).sort()).to.deep.equal(['deliveries', 'order_take_backs', 'orders', 'payments', 'prices', 'prices', 'refunds', 'sandbox_payments', 'sandbox_refunds']);
    for (const row of rows) expect(row.data_type).to.equal('bigint');
  });
});
