import { expect } from 'chai';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import type { Database, NotificationListener } from '../../src/db/database';
import { CATALOG_CHANNEL } from '../../src/gallery/change-feed';
import { fixture } from '../gallery/catalog-fixture';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';

describe(`catalog change notifications from the database (${DATABASE_KIND})`, () => {
  let db: Database;
  let listener: NotificationListener;
  const received: unknown[] = [];

  /** The notifications the statement caused, as parsed JSON (pinging itself afterwards so that all have arrived). */
  async function notificationsOf(statement: string | (() => Promise<unknown>)): Promise<unknown[]> {
    received.length = 0;
    await (typeof statement === 'string' ? db.sql.query(statement) : statement());
    await listener.notify('{"end":true}');
    for (let wait = 0; !received.some((item) => (item as { end?: boolean }).end); wait += 1) {
      if (wait > 500) throw new Error('the end marker never came back');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The writing transaction's id differs from run to run: checked here, compared without.
    return received.filter((item) => !(item as { end?: boolean }).end).map((item) => {
      const { tx, n, ...rest } = item as { tx?: unknown; n?: unknown };
      if ((rest as { scope?: string }).scope === 'products' && !(rest as { all?: boolean }).all) {
        expect(tx).to.be.a('number');
        expect(n).to.be.a('number');
      }
      return rest;
    });
  }

  before(async () => {
    db = await freshDatabase();
    await loadReferenceData(db);
    await loadFixture(db, fixture());
    await new Promise<void>((resolve, reject) => {
      listener = db.listen(CATALOG_CHANNEL, {
        notification: (payload) => received.push(JSON.parse(payload)),
        listening: resolve,
        interrupted: reject,
      });
    });
  });
  after(() => db.close());

  it('names the filtered attributes of an inserted product', async () => {
    expect(await notificationsOf("INSERT INTO products (name, theme_id, format_id, product_type_id, special_project, template_categories) VALUES ('a', 2, 3, 4, 'newyear', '{bigphoto}')"))
      .to.deep.equal([{ scope: 'products', rows: [[2, 3, 4, 'newyear', ['bigphoto'], 1, 'a', '']] }]);
  });

  it('names the old and the new version of a product that moved, and only the id of one whose preview changed', async () => {
    expect(await notificationsOf('UPDATE products SET format_id = 2 WHERE id = 3')).to.deep.equal([
      { scope: 'products', rows: [
        [3, 4, 4, null, ['bigphoto', 'shorttext'], -1, 'Фотокнига 3', 'Книга для путешествий'],
        [3, 2, 4, null, ['bigphoto', 'shorttext'], 1, 'Фотокнига 3', 'Книга для путешествий'],
      ] },
    ]);
    expect(await notificationsOf('UPDATE products SET popularity = popularity + 1 WHERE id = 3')).to.have.length(1);
    expect(await notificationsOf("UPDATE products SET preview_cover = 'p.jpg' WHERE id = 4")).to.deep.equal([
      { scope: 'products', shown: [4] },
    ]);
  });

  it('leaves the searched text out when with it the notification would be too long', async () => {
    const long = 'Ж'.repeat(4000);
    expect(await notificationsOf(`INSERT INTO products (name, description, theme_id, format_id, product_type_id) VALUES ('b', '${long}', 1, 1, 1)`))
      .to.deep.equal([{ scope: 'products', rows: [[1, 1, 1, null, [], 1, null, null]] }]);
  });

  it('reports a move for a change of any column that filters, sorts or is searched', async () => {
    for (const change of [
      'theme_id = 2', 'format_id = 5', 'product_type_id = 3', "special_project = 'school'", "template_categories = '{notext}'",
      "name = 'Другое имя'", "description = 'Другое описание'", 'popularity = 99', "created_at = now() - interval '1 day'",
    ]) {
      const [notification] = await notificationsOf(`UPDATE products SET ${change} WHERE id = 7`);
      expect((notification as { rows?: unknown[] }).rows, change).to.have.length(2);
    }
  });

  it('reports a product whose id changed as one that left and one that entered', async () => {
    const [notification] = await notificationsOf('UPDATE products SET id = 9999 WHERE id = 8');
    expect((notification as { rows: unknown[][] }).rows.map((row) => row[5]).sort()).to.deep.equal([-1, 1]);
  });

  it('numbers every statement, so that equal changes in one transaction are each delivered', async () => {
    const insert = "INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('twice', 1, 1, 1)";
    const twice = () => db.transaction(async (tx) => {
      await tx.sql.query(insert);
      await tx.sql.query(insert);
    });
    expect(await notificationsOf(twice)).to.have.length(2);
  });

  it('says nothing of a change the gallery does not show', async () => {
    expect(await notificationsOf('UPDATE products SET layout_id = NULL WHERE id = 6')).to.deep.equal([]);
    expect(await notificationsOf("UPDATE themes SET name = name || '!' WHERE id = 1")).to.deep.equal([]);
  });

  it('names themes, not rows, for a statement over many products, and everything for a TRUNCATE', async () => {
    expect(await notificationsOf("INSERT INTO products (name, theme_id, format_id, product_type_id) SELECT 'bulk', 1 + g % 2, 1, 1 FROM generate_series(1, 120) AS g"))
      .to.deep.equal([{ scope: 'products', themes: [1, 2] }]);
    expect(await notificationsOf("UPDATE products SET preview_cover = 'q.jpg' WHERE name = 'bulk'")).to.deep.equal([
      { scope: 'products', shown_themes: [1, 2] },
    ]);
    expect(await notificationsOf('DELETE FROM products WHERE id = 1')).to.deep.equal([{ scope: 'products', rows: [[1, 2, 2, null, ['smallphoto', 'withtext'], -1, 'Фотокнига 1', 'Книга для путешествий']] }]);
    expect(await notificationsOf('TRUNCATE products CASCADE')).to.deep.equal([{ scope: 'products', all: true }]);
  });

  it('reports reference data and theme attributes the gallery filters on', async () => {
    expect(await notificationsOf('UPDATE themes SET approved = false WHERE id = 3')).to.deep.equal([{ scope: 'reference' }]);
    expect(await notificationsOf('UPDATE themes SET color_id = 2 WHERE id = 3')).to.deep.equal([{ scope: 'reference' }]);
    expect(await notificationsOf("UPDATE theme_colors SET name_en = 'Blue' WHERE id = 1")).to.deep.equal([{ scope: 'reference' }]);
    expect(await notificationsOf('DELETE FROM theme_category_links WHERE theme_id = 3')).to.deep.equal([{ scope: 'reference' }]);
  });

  if (DATABASE_KIND === 'postgres') {
    it('lets product writers proceed side by side: no row every write must lock until commit', async () => {
      const insert = "INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('w', 1, 1, 1)";
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const first = db.transaction(async (tx) => {
        await tx.sql.query(insert);
        inserted();
        await held;
      });
      await firstInserted;
      try {
        // With the first writer's transaction still open, a second must not wait for it (it did on catalog_state).
        await db.transaction(async (tx) => {
          await tx.sql.query("SET LOCAL lock_timeout = '2s'");
          await tx.sql.query(insert);
        });
      } finally {
        release();
        await first;
      }
    });
  }
});
