// The undo history keeps its documented newest HISTORY_STEPS steps (issue 49, item 5), however often new changes
// after an undo drop a redo branch (which leaves its step numbers unused).
import { expect } from 'chai';
import pino from 'pino';
import { createValidator } from '../../src/http/validation';
import { createLayoutEditor } from '../../src/layouts/editing/editor';
import { HISTORY_STEPS } from '../../src/layouts/editing/history';
import { isAck, parseMessage } from '../../src/layouts/editing/messages';
import { OPERATIONS } from '../../src/layouts/editing/operations';
import { createLayoutsService } from '../../src/layouts/service';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { schemeMessage } from '../realtime/sockets';
import { editMessage } from './editors';

describe(`the undo history's length (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it(`leaves ${HISTORY_STEPS} steps undoable of 200 and more live, every third change undone before the next`, async () => {
    const { products } = await seedLayoutCatalog(runtime);
    const user = { id: (await layoutTestUsers(runtime)).owner.id, role: 'user' as const, tokenVersion: 0 };
    const layouts = createLayoutsService(runtime);
    const copy = { layout: await layouts.copyProduct(user, products[0]) };
    const layoutId = copy.layout.id;
    const page = copy.layout.pages[1].id;
    const schemes = (await layouts.schemes(1, []))!.map((scheme) => scheme.id).slice(0, 2);
    const validator = createValidator(runtime.schemas);
    const editor = createLayoutEditor({
      db: runtime.db, media: runtime.media, log: pino({ level: 'silent' }), limits: runtime.config.editing,
      photoLinks: runtime.services.photoLinks, printDpi: runtime.config.printDpi,
    });
    const send = async (message: object) => {
      const parsed = parseMessage(message, validator, OPERATIONS);
      if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
      return (await editor.submit(user, parsed)).ack as { error?: { code: string } };
    };
    // 300 changes (the page's scheme, one way then the other), every third undone: 200 steps live.
    for (let change = 1; change <= 300; change += 1) {
      const ack = await send(schemeMessage(layoutId, page, schemes[change % 2]));
      expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
      if (change % 3 === 0) expect((await send(editMessage('layout', 'undo', layoutId, undefined))).error).to.equal(undefined);
    }
    // One more change, so that the newest step is not an undone one (an undo right after a trim leaves the newest
    // HISTORY_STEPS steps, one of them to redo).
    expect((await send(schemeMessage(layoutId, page, schemes[1]))).error).to.equal(undefined);
    let undone = 0;
    while (!(await send(editMessage('layout', 'undo', layoutId, undefined))).error) undone += 1;
    expect(undone).to.be.at.least(HISTORY_STEPS);
  });
});
