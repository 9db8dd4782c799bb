import { expect } from 'chai';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/db/database';
import { migrate, migrationNames, migrationsApplied } from '../../src/db/migrate';
import * as tables from '../../src/db/tables/index';
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

  it('create every table and column the drizzle definitions use, with matching nullability', async () => {
    const { rows } = await db.sql.query<{ table_name: string; column_name: string; is_nullable: string }>(
      "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const actual = new Set(rows.map((row) => `${row.table_name}.${row.column_name}:${row.is_nullable}`));
    const definitions = Object.values(tables).filter((value) => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value);
    expect(definitions.length).to.be.greaterThan(15);
    for (const table of definitions as PgTable[]) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        expect(actual, `${config.name}.${column.name}`).to.include(`${config.name}.${column.name}:${column.notNull ? 'NO' : 'YES'}`);
      }
    }
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
    expect(rows.map((row) => row.table_name).sort()).to.deep.equal(['deliveries', 'orders', 'payments', 'prices', 'prices', 'refunds', 'sandbox_payments', 'sandbox_refunds']);
    for (const row of rows) expect(row.data_type).to.equal('bigint');
  });
});
