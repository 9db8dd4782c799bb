import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Database } from '../../src/db/database';
import { migrate, migrationNames } from '../../src/db/migrate';
import { bareDatabase, DATABASE_KIND } from '../helpers/database';

const MIGRATIONS = path.join(__dirname, '..', '..', 'src', 'db', 'migrations');
const BEFORE_LAYOUTS = migrationNames().filter((name) => name < '0004');

describe(`migrating layouts stored before the editing channel (${DATABASE_KIND})`, () => {
  let db: Database;
  before(async () => {
    db = await bareDatabase();
    for (const name of BEFORE_LAYOUTS) await db.sql.query(readFileSync(path.join(MIGRATIONS, name), 'utf8'));
    await db.sql.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const name of BEFORE_LAYOUTS) await db.sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    // What the demo catalog wrote before: text view boxes, lower-case types, blocks in fractions.
    await db.sql.query(`
      INSERT INTO orientations VALUES ('SQUARE', 'Квадрат', 'Square');
      INSERT INTO formats VALUES (1, '20x20', 20, 20, 'SQUARE', '20x20', '20x20');
      INSERT INTO product_types VALUES (1, 'Книга', 'Book');
      INSERT INTO template_categories VALUES ('bigphoto', 'Фото', 'Photo');
      INSERT INTO templates (id, width, height, category_id, slots) VALUES (1, 2000, 2000, 'bigphoto', '[{"kind":"photo","x":0.05,"y":0.05,"w":0.9,"h":0.75}]');
      INSERT INTO themes (id, name, approved) VALUES (1, 'Море', true);
      INSERT INTO theme_elements (theme_id, element_type, image, width, height) VALUES (1, 'FRONT_COVER_BACKGROUND', 'themes/1/front.jpg', 1000, 1000);
      INSERT INTO products (id, name, theme_id, format_id, product_type_id) VALUES (1, 'Книга', 1, 1, 1);
      INSERT INTO layouts (id, product_id, name, num_pages) VALUES ('6f1c2a40-0000-4000-8000-000000000001', 1, 'Книга', 2);
      INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, template_id, blocks) VALUES
        ('6f1c2a40-0000-4000-8000-000000000001', 0, 'cover', 4000, '0 0 4000 2000', NULL,
         '[{"id":"b0","kind":"text","x":0.55,"y":0.4,"w":0.4,"h":0.2,"text":""}]'),
        ('6f1c2a40-0000-4000-8000-000000000001', 1, 'page', 2000, '0 0 2000 2000', 1,
         '[{"id":"b1","kind":"photo","x":0.05,"y":0.05,"w":0.9,"h":0.75,"image":null}]');
    `);
    expect(await migrate(db)).to.deep.equal(migrationNames().filter((name) => !BEFORE_LAYOUTS.includes(name)));
  });
  after(() => db.close());

  it('turns view boxes into numbers, types into upper case and blocks into the front ends\' shape', async () => {
    const { rows } = await db.sql.query<{ num: number; type: string; viewbox: object; blocks: Record<string, unknown>[] }>(
      'SELECT num, type, viewbox, blocks FROM layout_pages ORDER BY num');
    // The cover spread takes the size of its format's cover template: two covers and a 10 mm spine.
    expect(rows.map((row) => [row.type, row.viewbox])).to.deep.equal([
      ['COVER', { width: 4100, height: 2000 }], ['PAGE', { width: 2000, height: 2000 }],
    ]);
    expect(rows[1].blocks).to.deep.equal([{
      id: 'b1', type: 'PHOTO', theme_element_type: null, x: 5, y: 5, width: 90, height: 75,
      content_warp: { x: 0, y: 0, width: 100, height: 100 }, content: { image: null, text: '', link: null },
    }]);
  });

  it('gives every cover exactly one front cover background with the theme\'s image', async () => {
    const { rows: [cover] } = await db.sql.query<{ blocks: { type: string; theme_element_type: string; content: { image: string } }[] }>(
      'SELECT blocks FROM layout_pages WHERE num = 0');
    expect(cover.blocks.map((block) => block.type)).to.deep.equal(['BACKGROUND', 'TEXT']);
    expect(cover.blocks[0]).to.deep.include({ theme_element_type: 'FRONT_COVER_BACKGROUND' });
    expect(cover.blocks[0].content.image).to.equal('themes/1/front.jpg');
  });

  it('moves each cover\'s front cover background over the front side of its spread (0016)', async () => {
    const { rows: [cover] } = await db.sql.query<{ blocks: Record<string, unknown>[] }>('SELECT blocks FROM layout_pages WHERE num = 0');
    // A 20x20 spread of 410 mm: the back (200 mm) and the spine (10 mm) come first.
    expect(cover.blocks[0]).to.deep.include({ x: 51.2195, y: 0, width: 48.7805, height: 100 });
    expect(cover.blocks[1]).to.deep.include({ type: 'TEXT', x: 55, width: 40 });
  });

  it('fills the layout\'s format and scheme_theme_rel from its product and pages, opens it and gives it a hash', async () => {
    const { rows: [layout] } = await db.sql.query<Record<string, unknown>>('SELECT format_id, status, version, scheme_theme_rel, unplaced, hash FROM layouts');
    const { hash, ...rest } = layout;
    expect(rest).to.deep.equal({ format_id: 1, status: 'OPEN', version: 0, scheme_theme_rel: { 1: 1 }, unplaced: [] });
    expect(hash).to.match(/^[0-9a-f]{16}$/);
  });

  it('gives each format a cover template in millimetres, after the templates loaded with explicit ids, and each cover its own', async () => {
    const { rows: [template] } = await db.sql.query<Record<string, unknown>>(
      'SELECT id, width, height, category_id, cover_format_id FROM templates WHERE cover_format_id IS NOT NULL');
    expect(template).to.deep.equal({ id: 2, width: 410, height: 200, category_id: null, cover_format_id: 1 });
    const { rows: [cover] } = await db.sql.query<{ template_id: number; width_px: number }>('SELECT template_id, width_px FROM layout_pages WHERE num = 0');
    expect(cover).to.deep.equal({ template_id: 2, width_px: 4100 });
  });
});
