import { expect } from 'chai';
import { ensureReferenceData } from '../../src/seed/fixtures';
import type { Database } from '../../src/db/database';
import { createLogger } from '../../src/log';
import { openRuntime, type Runtime } from '../../src/runtime';
import { bareDatabase, DATABASE_KIND } from '../helpers/database';
import { testConfig } from '../helpers/runtime';

const count = async (db: Database, table: string) =>
  (await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe(`reference data on a fresh deployment (${DATABASE_KIND})`, () => {
  let runtime: Runtime;
  let db: Database;
  const messages: string[] = [];
  before(async () => {
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => messages.push(JSON.parse(line).msg) });
    runtime = await openRuntime(testConfig(), log, await bareDatabase());
    db = runtime.db;
  });
  after(() => runtime.close());

  it('is loaded when the service first opens an empty database, and the log says so', async () => {
    expect(await count(db, 'formats')).to.equal(5);
    expect(await count(db, 'prices')).to.equal(5);
    expect(await count(db, 'theme_categories')).to.equal(16);
    expect(messages).to.include('reference data loaded: 3 orientations, 16 theme categories, 4 theme colors, 3 theme styles, '
      + '4 product types, 6 template categories, 5 formats, 5 prices, 33 templates');
  });

  it('is left alone when present: an operator\'s changes stay', async () => {
    await db.sql.query("UPDATE formats SET name_en = 'Small square' WHERE id = 1");
    expect(await ensureReferenceData(db)).to.equal(undefined);
    const { rows } = await db.sql.query<{ name_en: string }>('SELECT name_en FROM formats WHERE id = 1');
    expect(rows[0].name_en).to.equal('Small square');
  });

  it('fills in what is missing without overwriting the rows that are there', async () => {
    await db.sql.query("UPDATE theme_categories SET name_en = 'Weddings (operator)' WHERE id = 1");
    await db.sql.query('DELETE FROM prices');
    await db.sql.query('DELETE FROM templates');
    await db.sql.query('DELETE FROM formats');
    const added = await ensureReferenceData(db);
    expect(added).to.include({ formats: 5, prices: 5, theme_categories: 0 });
    expect(await count(db, 'formats')).to.equal(5);
    const { rows } = await db.sql.query<{ name_en: string }>('SELECT name_en FROM theme_categories WHERE id = 1');
    expect(rows[0].name_en).to.equal('Weddings (operator)');
  });
});
