// The batch's read and write leave out the parts a batch has nothing for: every variant must be a statement the
// database takes (PostgreSQL refuses a parameter the text does not use) and must read or write what its parts name.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type BatchReads, type BatchWrites, readStatement, writeStatement } from '../../src/layouts/editing/batch-statements';
import { createLayoutsService } from '../../src/layouts/service';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';

/** Every subset of the keys, as flags. */
function subsets<Key extends string>(keys: Key[]): Record<Key, boolean>[] {
  return Array.from({ length: 2 ** keys.length }, (_, mask) =>
    Object.fromEntries(keys.map((key, index) => [key, (mask & (2 ** index)) !== 0])) as Record<Key, boolean>);
}

/** Each placeholder $1..$n appears in the text, and none beyond the values. */
function placeholdersOf(text: string): number[] {
  return [...new Set([...text.matchAll(/\$(\d+)::/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
}

class Rollback extends Error {}

describe(`editing batch statements, every variant (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let ownerId: number;
  let layout: { id: string; pages: { id: string; num: number; blocks: { id: string }[] }[] };
  let schemeId: number;

  before(async () => {
    runtime = await testRuntime();
    const { products } = await seedLayoutCatalog(runtime);
    const { owner } = await layoutTestUsers(runtime);
    ownerId = owner.id;
    const service = createLayoutsService(runtime);
    const copy = { layout: await service.copyProduct({ id: owner.id, role: 'user' }, products[0]) };
    layout = copy.layout;
    schemeId = (await service.schemes(1, []))![0].id;
  });
  after(() => runtime.dispose());

  it('reads, in each of its variants, what the batch names and nothing for what it leaves out', async () => {
    const page = layout.pages[1];
    const flags = subsets(['pageIds', 'wholeLayout', 'blocks', 'schemes', 'allSchemes', 'photoIds', 'photoList', 'backgrounds', 'history']);
    for (const on of flags) {
      const reads: BatchReads = {
        layoutIds: [layout.id], pageIds: on.pageIds ? [page.id] : [], wholeLayoutIds: on.wholeLayout ? [layout.id] : [],
        blocks: on.blocks ? { layoutIds: [layout.id], blockIds: [page.blocks[0].id] } : { layoutIds: [], blockIds: [] },
        schemeIds: on.schemes ? [schemeId] : [], allSchemes: on.allSchemes, photoIds: on.photoIds ? [1] : [],
        photoListLayoutIds: on.photoList ? [layout.id] : [], backgroundIds: on.backgrounds ? [1] : [],
        historyLayoutIds: on.history ? [layout.id] : [], userIds: [ownerId], transactions: [{ userId: ownerId, transactionId: randomUUID() }],
      };
      const { text, values } = readStatement(reads);
      expect(placeholdersOf(text), JSON.stringify(on)).to.deep.equal(values.map((_, index) => index + 1));
      const { rows: [row] } = await runtime.db.sql.query<Record<string, { id: string | number }[]>>(text, values, { prepare: true });
      const pageIds = row.pages.map((item) => item.id);
      const pagesWanted = on.wholeLayout ? layout.pages.length : on.pageIds || on.blocks ? 1 : 0;
      expect(pageIds, JSON.stringify(on)).to.have.length(pagesWanted);
      expect(row.schemes.length > 0, JSON.stringify(on)).to.equal(on.schemes || on.allSchemes);
      expect(row.accounts.map((account) => account.id)).to.deep.equal([ownerId]);
      expect(row.known).to.deep.equal([]);
      expect(row.backgrounds).to.deep.equal([]);
      expect(row.steps).to.deep.equal([]);
    }
  });

  it('writes, in each of its variants, the parts it has and nothing else', async () => {
    const page = layout.pages[1];
    const { rows: [current] } = await runtime.db.sql.query<{ version: number; num_pages: number }>('SELECT version, num_pages FROM layouts WHERE id = $1', [layout.id]);
    const { rows: [stored] } = await runtime.db.sql.query<{ type: string; factor: string; width_px: number; viewbox: unknown }>(
      'SELECT type, factor::text AS factor, width_px, viewbox FROM layout_pages WHERE id = $1', [page.id]);
    const flags = subsets(['removed', 'pages', 'layouts', 'redo', 'deleted', 'trimmed', 'flagged', 'cart', 'created', 'notices']);
    for (const [index, on] of flags.entries()) {
      const step = 1_000_000 + index;
      const writes: BatchWrites = {
        removedPageIds: on.removed ? [randomUUID()] : [],
        pages: on.pages ? [{ id: page.id, layout_id: layout.id, num: page.num, ...stored, template_id: schemeId, blocks: [] }] : [],
        layouts: on.layouts ? [{ id: layout.id, version: current.version + 1, finished: false, last_scheme_page_num: 0, scheme_theme_rel: {}, unplaced: [], num_pages: current.num_pages, photo_ids: [] }] : [],
        history: {
          created: on.created ? [{ layout_id: layout.id, step, undone: false, before: { layout: {}, pages: {} }, after: null }] : [],
          dropStoredRedo: on.redo ? [layout.id] : [],
          deleted: on.deleted ? [{ layout_id: layout.id, step: step + 1 }] : [],
          trimmed: on.trimmed ? [{ layout_id: layout.id, keep: 1_000_000 }] : [],
          flagged: on.flagged ? [{ layout_id: layout.id, step: step + 2, undone: true, after: null }] : [],
        },
        cartPrices: on.cart ? [{ layout_id: layout.id, price_kopecks: 100 }] : [],
        applied: [{ transactionId: randomUUID(), layoutId: layout.id, userId: ownerId, messageHash: 'h', ack: { version: 1 } }],
        notices: on.notices ? ['test notice'] : [],
      };
      const { text, values } = writeStatement(writes);
      expect(placeholdersOf(text), JSON.stringify(on)).to.deep.equal(values.map((_, position) => position + 1));
      // Each variant in a transaction of its own, rolled back: what it wrote is read inside it.
      await runtime.db.transaction(async (tx) => {
        await tx.sql.query(text, values, { prepare: true });
        const { rows: [written] } = await tx.sql.query<{ steps: number; version: number; records: number; template_id: number }>(
          `SELECT (SELECT count(*)::int FROM layout_history WHERE layout_id = $1 AND step = $2) AS steps,
                  (SELECT version FROM layouts WHERE id = $1) AS version,
                  (SELECT count(*)::int FROM layout_transactions WHERE transaction_id = $3) AS records,
                  (SELECT template_id FROM layout_pages WHERE id = $4) AS template_id`,
          [layout.id, step, writes.applied[0].transactionId, page.id]);
        expect(written.steps, JSON.stringify(on)).to.equal(on.created ? 1 : 0);
        expect(written.version, JSON.stringify(on)).to.equal(current.version + (on.layouts ? 1 : 0));
        expect(written.records).to.equal(1);
        if (on.pages) expect(written.template_id).to.equal(schemeId);
        throw new Rollback();
      }).catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    }
  });
});
