import { expect } from 'chai';
import pino from 'pino';
import type { EditingConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres';
import { createValidator } from '../../src/http/validation';
import { createLayoutEditor, type EditOutcome } from '../../src/layouts/editing/editor';
import { isAck, parseMessage } from '../../src/layouts/editing/messages';
import { OPERATIONS } from '../../src/layouts/editing/operations';
import { createLayoutsService } from '../../src/layouts/service';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { schemeMessage } from './sockets';

// One layout's editors wait for that layout only: a layout whose row another transaction holds does not hold up the
// others, its own messages are answered server_error after the editor's deadline, and its queue is bounded.
describe(`editing one layout does not wait for another (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let user: { id: number; role: 'user'; tokenVersion: number };
  let layouts: { id: string; pageIds: string[] }[];
  let schemes: number[];
  let validator: ReturnType<typeof createValidator>;
  let turn = 0;
  let holder: Database;
  const log = pino({ level: 'silent' });
  const settled = new WeakSet<Promise<EditOutcome>>();

  before(async () => {
    runtime = await testRuntime();
    const { products } = await seedLayoutCatalog(runtime);
    const { owner } = await layoutTestUsers(runtime);
    user = { id: owner.id, role: 'user', tokenVersion: 0 };
    const service = createLayoutsService(runtime);
    layouts = [];
    // Five copies: up to four held at once, and one that nobody holds.
    for (const product of [products[0], products[1], products[0], products[1], products[0]]) {
      const copy = { layout: await service.copyProduct(user, product) };
      layouts.push({ id: copy.layout.id, pageIds: copy.layout.pages.filter((page) => page.type === 'PAGE').map((page) => page.id) });
    }
    schemes = (await service.schemes(1, []))!.map((scheme) => scheme.id);
    validator = createValidator(runtime.schemas);
  });
  after(() => runtime.dispose());

  const editorWith = (limits: Partial<EditingConfig>) =>
    createLayoutEditor({
      db: runtime.db, media: runtime.media, log, limits: { ...runtime.config.editing, ...limits },
      photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    });
  /** A page/set message for the layout (another scheme each time), submitted; the promise remembers when it settled. */
  function edit(editor: ReturnType<typeof editorWith>, layout: { id: string; pageIds: string[] }): Promise<EditOutcome> {
    turn += 1;
    const parsed = parseMessage(schemeMessage(layout.id, layout.pageIds[turn % layout.pageIds.length], schemes[turn % schemes.length]), validator, OPERATIONS);
    if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
    const outcome = editor.submit(user, parsed);
    void outcome.then(() => settled.add(outcome));
    return outcome;
  }
  /**
   * Holds the layout's row as a long transaction of another client would, until the returned function is called. On
   * connections of their own: the editor's pool must not lose any to the holds.
   */
  const holdLayoutRow = (layoutId: string) => new Promise<() => Promise<void>>((resolve) => {
    let release: () => void;
    const ended = holder.transaction(async (tx) => {
      await tx.sql.query('SELECT id FROM layouts WHERE id = $1 FOR UPDATE', [layoutId]);
      await new Promise<void>((done) => {
        release = done;
        resolve(async () => {
          release();
          await ended;
        });
      });
    });
  });
  const errorCode = (outcome: EditOutcome) => (outcome.ack as { error?: { code: string } }).error?.code;

  it('answers more messages than a layout may have waiting with rate_limited, and applies the others', async () => {
    const editor = editorWith({ queuePerLayout: 2 });
    // All sent in one turn of the event loop: they wait together for the layout's first batch.
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => edit(editor, layouts[0])));
    expect(outcomes.map(errorCode)).to.deep.equal([undefined, undefined, 'rate_limited', 'rate_limited', 'rate_limited']);
  });

  // PGlite is one connection in this process: no other transaction can hold a row while the editor runs.
  (DATABASE_KIND === 'postgres' ? describe : describe.skip)('a layout row held by another connection (PostgreSQL only: PGlite has one connection)', () => {
    before(() => {
      holder = openPostgres(runtime.db.connectionString!, 4);
    });
    after(() => holder.close());

    it('acknowledges another layout\'s edit while the held layout\'s edit waits', async () => {
      const editor = editorWith({ lockTimeoutMs: 600_000, statementTimeoutMs: 600_000 });
      const release = await holdLayoutRow(layouts[0].id);
      try {
        const held = edit(editor, layouts[0]);
        const other = await edit(editor, layouts[1]);
        expect(errorCode(other)).to.equal(undefined);
        expect(settled.has(held), 'the held layout\'s edit was answered before its row was released').to.equal(false);
        await release();
        expect(errorCode(await held)).to.equal(undefined);
      } finally {
        await release();
      }
    });

    it('acknowledges another layout\'s edit while more layouts are held than the editor runs transactions at once', async () => {
      const editor = editorWith({ lockTimeoutMs: 600_000, statementTimeoutMs: 600_000 });
      const heldLayouts = layouts.slice(0, 4);
      const releases = await Promise.all(heldLayouts.map((layout) => holdLayoutRow(layout.id)));
      try {
        const held = heldLayouts.map((layout) => edit(editor, layout));
        // Let every held layout's first batch find its row taken and queue a batch that waits for it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const other = await Promise.race([edit(editor, layouts[4]), new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5000))]);
        expect(other, 'the free layout\'s edit waited behind the held ones').to.not.equal('waiting');
        expect(errorCode(other as EditOutcome)).to.equal(undefined);
        expect(held.filter((outcome) => settled.has(outcome)), 'a held layout\'s edit was answered before its row was released').to.have.length(0);
        await Promise.all(releases.map((release) => release()));
        expect((await Promise.all(held)).map(errorCode)).to.deep.equal([undefined, undefined, undefined, undefined]);
      } finally {
        await Promise.all(releases.map((release) => release()));
      }
    });

    it('answers the held layout\'s edits server_error after the lock timeout, and nothing changes', async () => {
      const editor = editorWith({ lockTimeoutMs: 200, statementTimeoutMs: 600_000 });
      const version = await layoutVersion(layouts[0].id);
      const release = await holdLayoutRow(layouts[0].id);
      try {
        const outcomes = await Promise.all([edit(editor, layouts[0]), edit(editor, layouts[0])]);
        expect(outcomes.map(errorCode)).to.deep.equal(['server_error', 'server_error']);
      } finally {
        await release();
      }
      expect(await layoutVersion(layouts[0].id)).to.equal(version);
    });

    it('answers server_error after the statement timeout too, whatever the statement waits for', async () => {
      const editor = editorWith({ lockTimeoutMs: 600_000, statementTimeoutMs: 200 });
      const release = await holdLayoutRow(layouts[0].id);
      try {
        expect(errorCode(await edit(editor, layouts[0]))).to.equal('server_error');
      } finally {
        await release();
      }
    });
  });

  async function layoutVersion(id: string): Promise<number> {
    const { rows: [row] } = await runtime.db.sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [id]);
    return row.version;
  }
});
