import { expect } from 'chai';
import { FixtureError, loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import type { Database } from '../../src/db/database';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';

async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}

describe(`fixtures (${DATABASE_KIND})`, () => {
  let db: Database;
  before(async () => {
    db = await freshDatabase();
  });
  after(() => db.close());

  it('load the reference data with the specification\'s ids and both languages', async () => {
    await loadReferenceData(db);
    expect(await count(db, 'theme_categories')).to.equal(16);
    expect(await count(db, 'theme_categories WHERE in_v1_meta')).to.equal(7);
    expect(await count(db, 'theme_colors')).to.equal(4);
    expect(await count(db, 'product_types')).to.equal(4);
    expect(await count(db, 'theme_styles')).to.equal(3);
    const { rows: formats } = await db.sql.query('SELECT id, name, width_cm, height_cm, orientation FROM formats ORDER BY id');
    expect(formats).to.deep.equal([
      { id: 1, name: '15x15', width_cm: 15, height_cm: 15, orientation: 'SQUARE' },
      { id: 2, name: '20x20', width_cm: 20, height_cm: 20, orientation: 'SQUARE' },
      { id: 3, name: '30x20', width_cm: 30, height_cm: 20, orientation: 'HORIZONTAL' },
      { id: 4, name: '20x30', width_cm: 20, height_cm: 30, orientation: 'VERTICAL' },
      { id: 5, name: '30x30', width_cm: 30, height_cm: 30, orientation: 'SQUARE' },
    ]);
    const { rows: orientations } = await db.sql.query<{ id: string }>('SELECT id FROM orientations ORDER BY id');
    expect(orientations.map((row) => row.id)).to.deep.equal(['HORIZONTAL', 'SQUARE', 'VERTICAL']);
    const { rows: templateCategories } = await db.sql.query<{ id: string }>('SELECT id FROM template_categories ORDER BY id');
    expect(templateCategories.map((row) => row.id)).to.deep.equal(['bigphoto', 'notext', 'shorttext', 'smallphoto', 'variablephoto', 'withtext']);
    const { rows: [wedding] } = await db.sql.query('SELECT name_ru, name_en FROM theme_categories WHERE id = 1');
    expect(wedding).to.deep.equal({ name_ru: 'Свадьба', name_en: 'Wedding' });
  });

  it('can be loaded again without duplicating rows', async () => {
    await loadReferenceData(db);
    expect(await count(db, 'theme_categories')).to.equal(16);
    expect(await count(db, 'templates')).to.be.greaterThan(5);
  });

  it('load users, themes and products and move serial sequences past explicit ids, enqueueing no jobs', async () => {
    await loadFixture(db, {
      users: [{ id: 40, email: 'fixture@example.com', role: 'moderator' }],
      themes: [{ id: 70, name: 'Fixture theme', approved: true, color_id: 2 }],
      theme_category_links: [{ theme_id: 70, category_id: 3 }],
      products: [{ id: 900, name: 'Fixture product', theme_id: 70, format_id: 2, product_type_id: 1, template_categories: ['bigphoto'] }],
    });
    const { rows: [product] } = await db.sql.query('SELECT name, template_categories FROM products WHERE id = 900');
    expect(product).to.deep.equal({ name: 'Fixture product', template_categories: ['bigphoto'] });
    const { rows: [next] } = await db.sql.query<{ id: number }>("INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('next', 70, 1, 1) RETURNING id");
    expect(next.id).to.equal(901);
    expect(await count(db, 'pgboss.job')).to.equal(0);
  });

  it('reject an unknown table or column and change nothing', async () => {
    const before = await count(db, 'themes');
    for (const fixture of [
      { themes: [{ id: 71, name: 'ok' }], nonsense: [{}] },
      { themes: [{ id: 72, name: 'ok' }, { id: 73, 'name"; DROP TABLE themes; --': 'x' }] },
      { themes: 'not rows' },
      [],
    ]) {
      let error: unknown;
      try {
        await loadFixture(db, fixture);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(fixture)).to.be.instanceOf(FixtureError);
    }
    expect(await count(db, 'themes')).to.equal(before);
  });

  it('roll back entirely when a row breaks a constraint', async () => {
    const before = await count(db, 'themes');
    let failed = false;
    await loadFixture(db, { themes: [{ id: 74, name: 'kept?' }, { id: 75, name: 'bad color', color_id: 99 }] }).catch(() => {
      failed = true;
    });
    expect(failed).to.equal(true);
    expect(await count(db, 'themes')).to.equal(before);
  });
});
