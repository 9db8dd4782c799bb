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
  before(async () => {
    runtime = await testRuntime();
    second = runtime.db.connectionString ? openPostgres(runtime.db.connectionString, 4) : runtime.db;
  });
  after(async () => {
    if (second !== runtime.db) await second.close();
    await runtime.dispose();
  });

  it('applies every message of both, each exactly once', async () => {
    const { products } = await seedLayoutCatalog(runtime);
    const { owner } = await layoutTestUsers(runtime);
    const user = { id: owner.id, role: 'user' as const, tokenVersion: 0 };
    const layouts = createLayoutsService(runtime);
    const copy = await layouts.copyProduct(user, products[0]);
    if (copy.kind !== 'copied') throw new Error('no copy');
    const schemes = (await layouts.schemes(1, []))!.map((scheme) => scheme.id);
    const validator = createValidator(runtime.schemas);
    const log = pino({ level: 'silent' });
    const editors = [runtime.db, second].map((db) => createLayoutEditor({
      db, media: runtime.media, log, limits: runtime.config.editing, photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    }));
    const perEditor = 30;
    const acks = await Promise.all(editors.flatMap((editor, index) => Array.from({ length: perEditor }, (_, turn) => {
      const parsed = parseMessage(schemeMessage(copy.layout.id, copy.layout.pages[1 + (turn % 10)].id, schemes[(turn + index) % schemes.length]), validator, OPERATIONS);
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
});
