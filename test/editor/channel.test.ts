// The editing channel's guarantees as a shopper sees them: another tab's edit drawn live, a refused edit rolled back
// with a message, and edits made while the line is cut kept, marked offline, and applied once when it returns.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { freePort } from '../helpers/runtime';
import { cuttableProxy, type CuttableProxy } from './cuttable-proxy';
import { type Book, type EditorWorld, editorWorld, eventually, pageProblems } from './editor-world';

describeBeyondTheDatabase(`the book editor: live changes, refusals, a cut connection (${DATABASE_KIND})`, () => {
  let proxy: CuttableProxy;
  let world: EditorWorld;
  let book: Book;
  let page: Page;
  let problems: string[];
  const pageButtons = (on: Page) => on.locator('.page-thumb');
  const transactionsOf = async (layoutId: string) => (await world.runtime.db.sql.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM layout_transactions WHERE layout_id = $1', [layoutId])).rows[0].count;

  before(async () => {
    proxy = await cuttableProxy(await freePort());
    world = await editorWorld({ publicBaseUrl: proxy.url });
    proxy.forwardTo(Number(new URL(world.base).port));
    book = await world.visitorBook();
    page = await world.openEditor(book);
    problems = pageProblems(page);
  });
  after(async () => {
    await world?.close();
    await proxy?.close();
  });

  it('draws an edit made in another browser context of the same owner live', async () => {
    const other = await world.openEditor(book);
    const before = await pageButtons(page).count();
    await other.getByRole('button', { name: 'Добавить разворот' }).click();
    await eventually(async () => expect(await pageButtons(page).count()).to.equal(before + 2));
    await other.context().close();
  });

  it('rolls a refused edit back on screen and says why', async () => {
    let pages = (await world.read(book)).num_pages;
    // Down to the format's fewest pages, then one spread more: the service refuses it (page_limit).
    for (;;) {
      await page.getByRole('button', { name: 'Страница 1', exact: true }).click();
      await page.getByRole('button', { name: 'Удалить разворот' }).click();
      const alert = page.getByRole('alert');
      const outcome = await Promise.race([
        alert.waitFor().then(() => 'refused' as const),
        eventually(async () => expect((await world.read(book)).num_pages).to.equal(pages - 2)).then(() => 'removed' as const),
      ]);
      if (outcome === 'refused') break;
      pages -= 2;
      expect(pages).to.be.above(2);
    }
    expect(await page.getByRole('alert').textContent()).to.equal('В книге уже предельное число страниц.');
    await eventually(async () => expect(await pageButtons(page).count()).to.equal(pages));
    expect((await world.read(book)).num_pages).to.equal(pages);
  });

  it('marks the editor offline, keeps the edits made meanwhile and applies each once when the line returns', async () => {
    const before = await world.read(book);
    const transactions = await transactionsOf(book.id);
    proxy.cut();
    await eventually(async () => expect(await page.getByTestId('connection').textContent()).to.equal('Нет связи: правки сохранятся, когда связь вернётся'));
    await page.getByRole('button', { name: 'Страница 1', exact: true }).click();
    await page.getByRole('button', { name: 'Добавить разворот' }).click();
    await page.getByRole('button', { name: 'Обложка', exact: true }).click();
    await page.getByRole('button', { name: 'Добавить разворот' }).click();
    expect(await pageButtons(page).count(), 'drawn at once').to.equal(before.num_pages + 4);
    await page.screenshot({ path: 'test/editor/screenshots/offline.png' });
    expect((await world.read(book)).num_pages, 'nothing reached the service').to.equal(before.num_pages);
    proxy.restore();
    await eventually(async () => expect(await page.getByTestId('connection').textContent()).to.equal('Сохранено'), 15000);
    const after = await world.read(book);
    expect(after.num_pages).to.equal(before.num_pages + 4);
    expect(await transactionsOf(book.id)).to.equal(transactions + 2);
    expect(await pageButtons(page).count()).to.equal(after.num_pages);
    expect(problems).to.deep.equal([]);
  });
});
