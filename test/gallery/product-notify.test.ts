// The products' catalog notification (migrations 0008 and 0027), as every process's change feed reads it: one payload
// per statement, naming what entered, left or moved in the gallery's lists, or whose preview alone changed.
import { expect } from 'chai';
import type { Database } from '../../src/db/database';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';
import { fixture } from './catalog-fixture';

const CHANNEL = 'photobook_catalog';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`product change notifications (${DATABASE_KIND})`, () => {
  let db: Database;
  let heard: Record<string, unknown>[];
  let close: () => Promise<void>;

  before(async () => {
    db = await freshDatabase();
    await loadReferenceData(db);
    await loadFixture(db, fixture());
    heard = [];
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => { listening = resolve; });
    const listener = db.listen(CHANNEL, {
      notification: (payload) => heard.push(JSON.parse(payload) as Record<string, unknown>),
      listening: () => listening(),
      interrupted: () => undefined,
    });
    close = () => listener.close();
    await ready;
  });
  after(async () => {
    await close();
    await db.close();
  });

  /** The product payloads one statement sends, without the transaction and sequence numbers. */
  async function payloadsOf(statement: string, params?: unknown[]): Promise<Record<string, unknown>[]> {
    heard.length = 0;
    await db.sql.query(statement, params);
    // A server's notification arrives after the statement's answer; PGlite's before it.
    for (let wait = 0; wait < 100 && heard.length === 0; wait += 1) await sleep(10);
    await sleep(50);
    return heard.map(({ tx, n, ...rest }) => {
      expect(tx).to.be.a('number');
      expect(n).to.be.a('number');
      return rest;
    });
  }

  it('lists an inserted product with its searched text', async () => {
    expect(await payloadsOf("INSERT INTO products (id, name, description, theme_id, format_id, product_type_id, template_categories) VALUES (9001, 'Новая', 'о море', 1, 1, 1, '{bigphoto}')")).to.deep.equal([
      { scope: 'products', rows: [[1, 1, 1, null, ['bigphoto'], 1, 'Новая', 'о море']] },
    ]);
  });

  it('lists a moved product twice, its old version leaving and its new one entering', async () => {
    expect(await payloadsOf('UPDATE products SET format_id = 2 WHERE id = 9001')).to.deep.equal([
      { scope: 'products', rows: [[1, 1, 1, null, ['bigphoto'], -1, 'Новая', 'о море'], [1, 2, 1, null, ['bigphoto'], 1, 'Новая', 'о море']] },
    ]);
  });

  it('names a product whose preview alone changed, and says nothing of a column the gallery does not show', async () => {
    expect(await payloadsOf("UPDATE products SET preview_cover = 'products/9001/preview.jpg' WHERE id = 9001")).to.deep.equal([
      { scope: 'products', shown: [9001] },
    ]);
    expect(await payloadsOf('UPDATE products SET layout_id = NULL WHERE id = 9001')).to.deep.equal([]);
  });

  it('names themes instead of rows past 20 moved rows, and past 100 reshown ones', async () => {
    // Through payloadsOf, so that its notification is not heard with the next statement's.
    await payloadsOf(`INSERT INTO products (id, name, theme_id, format_id, product_type_id)
      SELECT 9100 + g, 'Копия ' || g, 2, 1, 1 FROM generate_series(1, 120) g`);
    expect(await payloadsOf('UPDATE products SET popularity = popularity + 1 WHERE id BETWEEN 9101 AND 9130')).to.deep.equal([
      { scope: 'products', themes: [2] },
    ]);
    expect(await payloadsOf("UPDATE products SET preview_cover = 'shared.jpg' WHERE id BETWEEN 9101 AND 9220")).to.deep.equal([
      { scope: 'products', shown_themes: [2] },
    ]);
  });

  it('leaves the searched text out when it would not fit in a notification', async () => {
    const long = 'м'.repeat(4000);
    expect(await payloadsOf('UPDATE products SET description = $1 WHERE id = 9001', [long])).to.deep.equal([
      { scope: 'products', rows: [[1, 2, 1, null, ['bigphoto'], -1, null, null], [1, 2, 1, null, ['bigphoto'], 1, null, null]] },
    ]);
  });

  it('lists a product whose id changed leaving and entering, and a deleted one leaving', async () => {
    await payloadsOf("UPDATE products SET description = '' WHERE id = 9001");
    expect(await payloadsOf('UPDATE products SET id = 9002 WHERE id = 9001')).to.deep.equal([
      { scope: 'products', rows: [[1, 2, 1, null, ['bigphoto'], -1, 'Новая', ''], [1, 2, 1, null, ['bigphoto'], 1, 'Новая', '']] },
    ]);
    expect(await payloadsOf('DELETE FROM products WHERE id = 9002')).to.deep.equal([
      { scope: 'products', rows: [[1, 2, 1, null, ['bigphoto'], -1, 'Новая', '']] },
    ]);
  });
});
