// A book's undo history is bounded in storage, not only in steps (issue 48): however many whole-book changes a
// shopper makes, the book keeps at most HISTORY_STEPS + TRIM_EVERY steps, and a step holds what it changed, at most
// the book's pages once as they were before and once as they were after (an undone step). docs/operations.md says
// the figure per book.
import { expect } from 'chai';
import path from 'node:path';
import pino from 'pino';
import { processPhoto } from '../../src/worker/process-photo';
import { createValidator } from '../../src/http/validation';
import { createLayoutEditor } from '../../src/layouts/editing/editor';
import { HISTORY_STEPS } from '../../src/layouts/editing/history';
import { isAck, parseMessage } from '../../src/layouts/editing/messages';
import { OPERATIONS } from '../../src/layouts/editing/operations';
import { TRIM_EVERY } from '../../src/layouts/editing/repository';
import { createLayoutsService } from '../../src/layouts/service';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { noiseImage } from '../themes/images';
import { editMessage } from './editors';

describe(`the undo history's storage per book (${DATABASE_KIND})`, function () {
  this.timeout(300_000);
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it('stays within the steps bound times the book, after 160 whole-book changes and 100 undos', async () => {
    const { products } = await seedLayoutCatalog(runtime);
    const user = { id: (await layoutTestUsers(runtime)).owner.id, role: 'user' as const, tokenVersion: 0 };
    const copy = { layout: await createLayoutsService(runtime).copyProduct(user, products[0]) };
    const layoutId = copy.layout.id;
    const editor = createLayoutEditor({
      db: runtime.db, media: runtime.media, log: pino({ level: 'silent' }), limits: runtime.config.editing,
      photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    });
    const validator = createValidator(runtime.schemas);
    const send = async (message: object) => {
      const parsed = parseMessage(message, validator, OPERATIONS);
      if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
      const { ack } = await editor.submit(user, parsed) as { ack: { error?: { code: string } } };
      expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
    };
    const photos: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const file = path.join(runtime.config.dataDir, `p${index}.jpg`);
      await noiseImage(320 + index, 240).jpeg().toFile(file);
      const photoId = await runtime.services.photos.upload(user, file);
      await processPhoto.handle({ photoId }, runtime.jobContext);
      photos.push(photoId);
    }
    // Every change refills every page: the photos in one order, then the other.
    for (let change = 0; change < 160; change += 1) {
      const order = change % 2 === 0 ? photos : [...photos].reverse();
      await send(editMessage('layout', 'autofill', layoutId, undefined, { photo_ids: order, order: 'given' }));
    }
    // Undone steps keep their "after" too.
    for (let undo = 0; undo < 100; undo += 1) await send(editMessage('layout', 'undo', layoutId, undefined));

    const { rows: [history] } = await runtime.db.sql.query<{ steps: number; bytes: number }>(
      `SELECT count(*)::int AS steps, sum(octet_length(before::text) + coalesce(octet_length(after::text), 0))::int AS bytes
       FROM layout_history WHERE layout_id = $1`, [layoutId]);
    const { rows: [book] } = await runtime.db.sql.query<{ bytes: number }>(
      'SELECT sum(octet_length(to_jsonb(p)::text))::int AS bytes FROM layout_pages p WHERE layout_id = $1', [layoutId]);
    expect(history.steps).to.be.at.least(HISTORY_STEPS).and.at.most(HISTORY_STEPS + TRIM_EVERY);
    // Each step holds the interior pages it refilled, before and after: never more than the whole book twice.
    expect(history.bytes, `history ${history.bytes} bytes, book ${book.bytes}`).to.be.at.most(history.steps * 2 * book.bytes);
    expect(history.bytes).to.be.greaterThan(history.steps * book.bytes / 4);
  });
});
