// Messages of one book that arrive together are applied in one batch (group commit): each sees what the ones before
// it changed, as if they had come one by one.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import { createValidator } from '../../src/http/validation';
import { createLayoutEditor, type EditingUser } from '../../src/layouts/editing/editor';
import { isAck, parseMessage } from '../../src/layouts/editing/messages';
import { OPERATIONS } from '../../src/layouts/editing/operations';
import { createLayoutsService } from '../../src/layouts/service';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, schemeUsageInDatabase, seedLayoutCatalog } from '../layouts/catalog';

describe(`editing messages applied together in one batch (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let user: EditingUser;
  let layout: { id: string; pages: { id: string; num: number; blocks: { id: string; type: string }[] }[] };
  let schemes: number[];
  let submitAll: (messages: object[]) => Promise<Record<string, unknown>[]>;

  before(async () => {
    runtime = await testRuntime();
    const { products } = await seedLayoutCatalog(runtime);
    const { owner } = await layoutTestUsers(runtime);
    user = { id: owner.id, role: 'user', tokenVersion: 0 };
    const service = createLayoutsService(runtime);
    const copy = { layout: await service.copyProduct(user, products[0]) };
    layout = copy.layout;
    schemes = (await service.schemes(1, []))!.map((scheme) => scheme.id);
    const editor = createLayoutEditor({
      db: runtime.db, media: runtime.media, log: pino({ level: 'silent' }), limits: runtime.config.editing,
      photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    });
    const validator = createValidator(runtime.schemas);
    // Submitted in one turn of the event loop: the editor takes them into one batch.
    submitAll = (messages) => Promise.all(messages.map((message) => {
      const parsed = parseMessage(message, validator, OPERATIONS);
      if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
      return editor.submit(user, parsed).then((outcome) => outcome.ack as Record<string, unknown>);
    }));
  });
  after(() => runtime.dispose());

  const message = (object: string, action: string, params: object, payload: object = {}) => ({
    transaction_id: randomUUID(), object, action, params: { layout_id: layout.id, ...params }, payload,
  });
  const code = (ack: Record<string, unknown>) => (ack.error as { code: string } | undefined)?.code;

  it('drops the redo branch for a change that follows an undo in the same batch', async () => {
    const page = layout.pages.find((item) => item.num === 1)!;
    const [first] = await submitAll([message('page', 'set', { id: page.id }, { id: schemes[1] })]);
    expect(code(first)).to.equal(undefined);
    const acks = await submitAll([
      message('layout', 'undo', {}),
      message('page', 'set', { id: page.id }, { id: schemes[2] }),
      message('layout', 'redo', {}),
    ]);
    expect(acks.map(code)).to.deep.equal([undefined, undefined, 'nothing_to_redo']);
    const { rows: [row] } = await runtime.db.sql.query<{ template_id: number }>('SELECT template_id FROM layout_pages WHERE id = $1', [page.id]);
    expect(row.template_id).to.equal(schemes[2]);
    // Undo after that steps back to the state before the second page/set: the first one's was undone.
    const [undone] = await submitAll([message('layout', 'undo', {})]);
    expect(code(undone)).to.equal(undefined);
    const { rows: [after] } = await runtime.db.sql.query<{ template_id: number }>('SELECT template_id FROM layout_pages WHERE id = $1', [page.id]);
    expect(after.template_id).to.equal(await originalTemplate(page.id));
    // And no further: the first page/set's undone step was deleted in that batch, not left to be undone again.
    const [beyond] = await submitAll([message('layout', 'undo', {})]);
    expect(code(beyond)).to.equal('nothing_to_undo');
  });

  it('answers not_found to a message naming a page removed earlier in the batch, and keeps the scheme counts true', async () => {
    const page = layout.pages.find((item) => item.num === 3)!;
    // Room to remove a spread.
    await runtime.db.sql.query('UPDATE formats SET min_pages = 2');
    const acks = await submitAll([
      message('page', 'remove', { id: page.id }),
      message('page', 'set', { id: page.id }, { id: schemes[0] }),
      message('page', 'background', { id: page.id }, { element_id: null }),
    ]);
    await runtime.db.sql.query('UPDATE formats SET min_pages = 10');
    expect(acks.map(code)).to.deep.equal([undefined, 'not_found', 'not_found']);
    const { rows: [row] } = await runtime.db.sql.query<{ scheme_theme_rel: Record<string, number> }>('SELECT scheme_theme_rel FROM layouts WHERE id = $1', [layout.id]);
    expect(row.scheme_theme_rel).to.deep.equal(await schemeUsageInDatabase(runtime, layout.id));
  });

  it('keeps a bounded history: at least the newest 100 steps, older ones dropped 20 at a time', async () => {
    const page = layout.pages.find((item) => item.num === 5)!;
    const steps = async () => (await runtime.db.sql.query<{ n: number; oldest: number; newest: number }>(
      'SELECT count(*)::int AS n, min(step) AS oldest, max(step) AS newest FROM layout_history WHERE layout_id = $1', [layout.id])).rows[0];
    for (let round = 0; round < 3; round += 1) {
      const acks = await submitAll(Array.from({ length: 50 }, (_, index) => message('page', 'set', { id: page.id }, { id: schemes[(round * 50 + index) % schemes.length] })));
      expect(acks.filter((ack) => code(ack))).to.deep.equal([]);
    }
    const kept = await steps();
    expect(kept.n).to.be.within(100, 120);
    expect(kept.newest - kept.oldest + 1).to.equal(kept.n);
  });

  it('trims the history completely whatever the batches\' sizes: every trim reaches the steps the last one left', async () => {
    const page = layout.pages.find((item) => item.num === 5)!;
    const steps = async () => (await runtime.db.sql.query<{ n: number; oldest: number; newest: number }>(
      'SELECT count(*)::int AS n, min(step) AS oldest, max(step) AS newest FROM layout_history WHERE layout_id = $1', [layout.id])).rows[0];
    // Batches of 1 to 41 edits: a trim comes after one step or after forty, one crossing at a time or two at once.
    for (const [round, size] of [1, 7, 23, 3, 19, 2, 41, 1, 1, 30, 13, 20, 39, 1, 22].entries()) {
      const acks = await submitAll(Array.from({ length: size }, (_, index) => message('page', 'set', { id: page.id }, { id: schemes[(round + index) % schemes.length] })));
      expect(acks.filter((ack) => code(ack))).to.deep.equal([]);
      const kept = await steps();
      expect(kept.newest - kept.oldest + 1, `round ${round}`).to.equal(kept.n);
      expect(kept.n, `round ${round}`).to.be.within(100, 120);
    }
  });

  /** The page's template as the copy was made (the catalog layout's page of the same number). */
  async function originalTemplate(pageId: string): Promise<number> {
    const { rows: [row] } = await runtime.db.sql.query<{ template_id: number }>(
      `SELECT source.template_id FROM layout_pages mine JOIN layouts l ON l.id = mine.layout_id JOIN products p ON p.id = l.product_id
         JOIN layout_pages source ON source.layout_id = p.layout_id AND source.num = mine.num WHERE mine.id = $1`, [pageId]);
    return row.template_id;
  }
});
