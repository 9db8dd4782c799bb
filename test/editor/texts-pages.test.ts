// Texts and pages in the editor: a scheme with a text chosen, a title typed and its font changed; a spread added and
// moved in the strip; undo and redo by button and keyboard; autofill with its report; and after a reload, the book
// exactly as it was left.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { type Book, blockBox, centreOf, type EditorWorld, editorWorld, eventually, pageProblems, patternPhoto } from './editor-world';

describeBeyondTheDatabase(`the book editor: texts, pages, undo, autofill (${DATABASE_KIND})`, () => {
  let world: EditorWorld;
  let book: Book;
  let page: Page;
  let problems: string[];

  before(async () => {
    world = await editorWorld();
    book = await world.visitorBook();
    page = await world.openEditor(book);
    problems = pageProblems(page);
  });
  after(() => world?.close());

  it('sets a scheme with a text, then types a title into it and changes its font', async () => {
    const schemes = (await request(world.base).get(`/api/ua/scheme/?fmt=${(await world.read(book) as unknown as { fmt: number }).fmt}`)
      .set('Authorization', `Bearer ${book.token}`)).body as { id: number; slots: { type: string }[] }[];
    const withText = schemes.find((scheme) => scheme.slots.some((slot) => slot.type === 'TEXT'))!;
    await page.getByRole('button', { name: 'Страница 1', exact: true }).click();
    await page.getByRole('group', { name: /Страница 1/ }).or(page.locator('fieldset', { hasText: 'Страница 1' })).first()
      .getByLabel('Схема страницы').selectOption(String(withText.id));
    const text = await eventually(async () => {
      const found = (await world.read(book)).pages[1].blocks.find((block) => block.type === 'TEXT');
      expect(found).to.exist;
      return found!;
    });
    const box = await eventually(() => blockBox(page, text.id));
    await page.mouse.click(centreOf(box).x, centreOf(box).y);
    await page.locator('.inspector textarea').waitFor();
    await page.keyboard.type('Лето на даче');
    await page.getByLabel('Шрифт').selectOption('DejaVu Serif');
    await eventually(async () => {
      const block = (await world.read(book)).pages[1].blocks.find((candidate) => candidate.id === text.id)!;
      expect(block.content.text).to.equal('Лето на даче');
      expect(block.content.style.font).to.equal('DejaVu Serif');
    });
  });

  it('reaches a text frame by the keyboard and stays on the frames; Enter takes it into the text', async () => {
    // A text frame was clicked in the test before: tabbing onto another one used to pull the focus into its text field.
    await page.getByRole('button', { name: 'Обложка', exact: true }).click();
    await page.getByRole('button', { name: 'Текстовый блок, Обложка' }).focus();
    const focused = () => page.evaluate('document.activeElement.getAttribute("aria-label") || document.activeElement.tagName');
    expect(await focused()).to.equal('Текстовый блок, Обложка');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await focused()).to.equal('TEXTAREA'));
  });

  it('adds a spread, shows the price that follows, and moves the spread by dragging it in the strip', async () => {
    const before = await world.read(book);
    const priceOf = async () => ((await request(world.base).get('/api/ua/layout/').set('Authorization', `Bearer ${book.token}`)).body
      .layouts[0].price_info.total_cost as number).toFixed(2).replace('.', ',');
    await page.getByRole('button', { name: 'Страница 9', exact: true }).click();
    await page.getByRole('button', { name: 'Добавить разворот' }).click();
    await eventually(async () => expect((await world.read(book)).num_pages).to.equal(before.num_pages + 2));
    await eventually(async () => expect((await page.getByTestId('price').textContent())!.replace(/\s/g, '')).to.include(await priceOf()));
    const added = (await world.read(book)).pages.find((candidate) => candidate.num === 11)!;
    await page.getByRole('button', { name: 'Страница 11', exact: true }).dragTo(page.getByRole('button', { name: 'Страница 1', exact: true }));
    await eventually(async () => {
      const after = await world.read(book);
      expect(after.pages.find((candidate) => candidate.id === added.id)!.num, 'the spread moved after pages 1-2').to.equal(3);
    });
  });

  it('moves a spread from the keyboard: Alt+ArrowRight and Alt+ArrowLeft on a page of the strip', async () => {
    const spreadOf = async (pageId: string) => (await world.read(book)).pages.find((candidate) => candidate.id === pageId)!.num;
    const moving = (await world.read(book)).pages.find((candidate) => candidate.num === 5)!;
    await page.getByRole('button', { name: 'Страница 5', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await eventually(async () => expect(await spreadOf(moving.id), 'one place later: pages 7-8').to.equal(7));
    await page.getByRole('button', { name: 'Страница 7', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await eventually(async () => expect(await spreadOf(moving.id), 'one place earlier: pages 5-6').to.equal(5));
    await page.getByRole('button', { name: 'Страница 5', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await eventually(async () => expect(await spreadOf(moving.id), 'one more: pages 3-4').to.equal(3));
  });

  it('undoes and redoes with the buttons and with Ctrl+Z / Ctrl+Shift+Z', async () => {
    const moved = await world.read(book);
    await page.getByRole('button', { name: 'Отменить' }).click();
    await eventually(async () => expect((await world.read(book)).pages.map((one) => one.id)).to.not.deep.equal(moved.pages.map((one) => one.id)));
    await page.getByRole('button', { name: 'Повторить' }).click();
    await eventually(async () => expect((await world.read(book)).pages.map((one) => one.id)).to.deep.equal(moved.pages.map((one) => one.id)));
    await page.locator('.spread-view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await eventually(async () => expect((await world.read(book)).pages.map((one) => one.id)).to.not.deep.equal(moved.pages.map((one) => one.id)));
    await page.keyboard.press('Control+Shift+Z');
    await eventually(async () => expect((await world.read(book)).pages.map((one) => one.id)).to.deep.equal(moved.pages.map((one) => one.id)));
  });

  it('fills the book with autofill and reports what it placed', async () => {
    const files = await Promise.all([11, 22, 33, 44].map(async (seed) => ({
      name: `fill-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await patternPhoto(seed),
    })));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Загрузить фото' }).click();
    await (await chooser).setFiles(files);
    await eventually(async () => expect(await page.locator('.photos [data-status="ready"]').count()).to.equal(4), 30000);
    await page.getByRole('button', { name: 'Автозаполнение' }).click();
    const dialog = page.getByRole('dialog', { name: 'Автозаполнение' });
    await dialog.waitFor();
    expect(Number(await dialog.getByTestId('photos-placed').textContent()), await dialog.textContent() ?? '').to.equal(4);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    const placed = (await world.read(book)).pages.flatMap((one) => one.blocks).filter((block) => block.content.photo).length;
    expect(placed).to.equal(4);
    expect(await page.locator('.photos .placed').count()).to.equal(4);
  });

  it('finds everything as it was left after a reload', async () => {
    const left = await world.read(book);
    await page.reload();
    await page.locator('.page-strip').waitFor();
    expect(await page.locator('.page-thumb').count()).to.equal(left.num_pages);
    await page.getByRole('button', { name: 'Страница 1', exact: true }).click();
    const text = left.pages[1].blocks.find((block) => block.type === 'TEXT');
    if (text?.content.text) {
      const box = await blockBox(page, text.id);
      await page.mouse.click(centreOf(box).x, centreOf(box).y);
      expect(await page.locator('.inspector textarea').inputValue()).to.equal(text.content.text);
      expect(await page.getByLabel('Шрифт').inputValue()).to.equal('DejaVu Serif');
    }
    const placedNow = (await world.read(book)).pages.flatMap((one) => one.blocks).filter((block) => block.content.photo).length;
    expect(placedNow, 'photos placed in the book').to.equal(4);
    expect(await page.locator('.photos .placed').count()).to.equal(4);
    expect((await world.read(book)).version).to.equal(left.version);
    await page.screenshot({ path: 'test/editor/screenshots/texts-pages.png' });
    expect(problems).to.deep.equal([]);
  });
});
