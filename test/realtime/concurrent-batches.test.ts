import { expect } from 'chai';
import pino from 'pino';
import { createValidator } from '../../src/http/validation';
import { createLayoutEditor } from '../../src/layouts/editing/editor';
import { isAck, parseMessage } from '../../src/layouts/editing/messages';
import { OPERATIONS } from '../../src/layouts/editing/operations';
import { createLayoutsService } from '../../src/layouts/service';
import { openPostgres } from '../../src/db/postgres';
import type { Database } from '../../src/db/database';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, schemeUsageInDatabase, seedLayoutCatalog } from '../layouts/catalog';
import { schemeMessage } from './sockets';

// Two editors with connections of their own stand for two processes: their batches overlap in time, and the
// layout's row lock must keep every change (no lost version or scheme count).
describe(`editing batches of two processes on one layout (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let second: Database;
  let user: { id: number; role: 'user'; tokenVersion: number };
  let copyOfProduct: () => Promise<{ id: string; pages: { id: string }[] }>;
  let schemes: number[];
  let editors: ReturnType<typeof createLayoutEditor>[];
  const validator = () => createValidator(runtime.schemas);
  before(async () => {
    // Batches wait for a held book as long as the test holds it (the default gives up after a few seconds).
    runtime = await testRuntime({ EDITING_LOCK_TIMEOUT_MS: '30000', EDITING_STATEMENT_TIMEOUT_MS: '30000' });
    second = runtime.db.connectionString ? openPostgres(runtime.db.connectionString, 4) : runtime.db;
    const { products } = await seedLayoutCatalog(runtime);
    const { owner } = await layoutTestUsers(runtime);
    user = { id: owner.id, role: 'user', tokenVersion: 0 };
    const layouts = createLayoutsService(runtime);
    copyOfProduct = async () => {
      const copy = { layout: await layouts.copyProduct(user, products[0]) };
      return copy.layout;
    };
    schemes = (await layouts.schemes(1, []))!.map((scheme) => scheme.id);
    const log = pino({ level: 'silent' });
    editors = [runtime.db, second].map((db) => createLayoutEditor({
      db, media: runtime.media, log, limits: runtime.config.editing, photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    }));
  });
  after(async () => {
    if (second !== runtime.db) await second.close();
    await runtime.dispose();
  });

  it('applies every message of both, each exactly once', async () => {
    const copy = { layout: await copyOfProduct() };
    const perEditor = 30;
    const acks = await Promise.all(editors.flatMap((editor, index) => Array.from({ length: perEditor }, (_, turn) => {
      const parsed = parseMessage(schemeMessage(copy.layout.id, copy.layout.pages[1 + (turn % 10)].id, schemes[(turn + index) % schemes.length]), validator(), OPERATIONS);
      if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
      return editor.submit(user, parsed);
    })));
    const versions = acks.map((outcome) => (outcome.ack as { version: number }).version).sort((a, b) => a - b);
    expect(versions).to.deep.equal(Array.from({ length: 2 * perEditor }, (_, index) => index + 1));
    const { rows: [row] } = await runtime.db.sql.query<{ version: number; scheme_theme_rel: Record<string, number>; applied: number }>(
      'SELECT version, scheme_theme_rel, (SELECT count(*)::int FROM layout_transactions WHERE layout_id = $1) AS applied FROM layouts WHERE id = $1',
      [copy.layout.id]);
    expect(row.version).to.equal(2 * perEditor);
    expect(row.applied).to.equal(2 * perEditor);
    expect(row.scheme_theme_rel).to.deep.equal(await schemeUsageInDatabase(runtime, copy.layout.id));
  });

  it('numbers the undo steps of batches that waited on each other\'s lock apart: no server_error (issue 49, item 6)', async function () {
    if (second === runtime.db) this.skip();
    const copy = { layout: await copyOfProduct() };
    // The book's row held by a third connection while one message goes through each editor (the second waits behind
    // the first, not on the holder): both batches read the book once it is let go, one after the other.
    const holder = openPostgres(runtime.db.connectionString!, 1);
    const holding = holder.transaction(async (tx) => {
      await tx.sql.query('SELECT id FROM layouts WHERE id = $1 FOR UPDATE', [copy.layout.id]);
      const submitted = editors.map((editor, index) => {
        const parsed = parseMessage(schemeMessage(copy.layout.id, copy.layout.pages[1 + index].id, schemes[index % schemes.length]), validator(), OPERATIONS);
        if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
        return editor.submit(user, parsed);
      });
      for (;;) {
        const { rows: [{ waiting }] } = await tx.sql.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0");
        if (waiting === 2) return submitted;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const acks = (await Promise.all(await holding)).map((outcome) => outcome.ack as { version?: number; error?: unknown });
    await holder.close();
    expect(acks.map((ack) => ack.error)).to.deep.equal([undefined, undefined]);
    expect(acks.map((ack) => ack.version).sort()).to.deep.equal([1, 2]);
  });
});
