// Making a book together in the editor (issue 50), with two browser contexts: the owner invites through "Пригласить",
// the editor opens the link; each sees the other's avatar on the spread they are on; a frame the editor selected is
// outlined with their name for the owner, whose attempt on it is refused with a message; a comment shows as a pin and
// in the other's thread panel; a viewer sees the book read-only.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { join, newBook, type Person, person } from '../sharing/world';
import { type Book, blockBox, centreOf, type EditorWorld, editorWorld, eventually, pageProblems } from './editor-world';

const SHOTS = 'test/editor/screenshots';

describeBeyondTheDatabase(`the book editor: a book made together (${DATABASE_KIND})`, () => {
  let world: EditorWorld;
  let owner: Person;
  let editor: Person;
  let book: Book;
  let ownerPage: Page;
  let editorPage: Page;
  let problems: string[];
  const avatars = (on: Page) => on.getByTestId('avatar');
  const openSpreadOf = (on: Page, pageNum: number) => on.getByRole('button', { name: `Страница ${pageNum}`, exact: true }).click();

  before(async () => {
    world = await editorWorld();
    owner = await person(world.runtime, 'anna@example.com', 'Анна Иванова');
    editor = await person(world.runtime, 'maria@example.com', 'Мария Петрова');
    const made = await newBook({ url: world.base }, owner, world.products[0]);
    book = { id: made.id, hash: made.id, token: owner.token };
    ownerPage = await world.openEditor(book);
    problems = pageProblems(ownerPage);
  });
  after(() => world?.close());

  it('invites an editor by a link; each sees the other\'s avatar on the spread they are on', async () => {
    await ownerPage.getByRole('button', { name: 'Пригласить' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Пригласить в книгу' });
    await dialog.getByLabel('Роль').selectOption('editor');
    await dialog.getByRole('button', { name: 'Создать ссылку' }).click();
    const link = await dialog.getByLabel('Ссылка-приглашение').inputValue();
    expect(link).to.match(/\/redaktor\/\?invitation=[A-Za-z0-9_-]{40,}$/);

    const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
    await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(editor.token)})`);
    editorPage = await context.newPage();
    problems.push(...pageProblems(editorPage));
    await editorPage.goto(link);
    await editorPage.locator('.page-strip').waitFor();
    expect(new URL(editorPage.url()).hash).to.equal(`#${book.id}/`);

    // The owner's list shows the new member with the role the link gave.
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await ownerPage.getByRole('button', { name: 'Пригласить' }).click();
    await eventually(async () => expect(await dialog.getByLabel('Роль участника: Мария Петрова').inputValue()).to.equal('editor'));
    await ownerPage.screenshot({ path: `${SHOTS}/together-invite.png` });
    await dialog.getByRole('button', { name: 'Закрыть' }).click();

    // Both on the cover: each sees the other there.
    await eventually(async () => expect(await avatars(ownerPage).getAttribute('title')).to.equal('Мария Петрова'));
    await eventually(async () => expect(await avatars(editorPage).getAttribute('title')).to.equal('Анна Иванова'));
    expect(await avatars(ownerPage).textContent()).to.equal('МП');
    // The editor goes to pages 1-2: gone from the owner's cover, and there once the owner follows.
    await openSpreadOf(editorPage, 1);
    await eventually(async () => expect(await avatars(ownerPage).count()).to.equal(0));
    await openSpreadOf(ownerPage, 1);
    await eventually(async () => expect(await avatars(ownerPage).count()).to.equal(1));
    await eventually(async () => expect(await avatars(editorPage).count()).to.equal(1));
    await ownerPage.screenshot({ path: `${SHOTS}/together-owner-sees-editor.png` });
    await editorPage.screenshot({ path: `${SHOTS}/together-editor-sees-owner.png` });
  });

  it('outlines the frame the editor holds with their name; the owner\'s attempt on it is refused with a message', async () => {
    const layout = await world.read(book);
    const frame = layout.pages.find((page) => page.num === 1)!.blocks.find((block) => block.type === 'PHOTO')!;
    const box = await blockBox(editorPage, frame.id);
    await editorPage.mouse.click(centreOf(box).x, centreOf(box).y);
    const held = ownerPage.locator(`[data-held-block-id="${frame.id}"]`);
    await eventually(async () => expect(await held.textContent()).to.equal('Мария Петрова'));
    const ownerBox = await blockBox(ownerPage, frame.id);
    const outline = await held.boundingBox();
    expect(Math.abs(outline!.x - ownerBox.x)).to.be.below(2);
    await ownerPage.screenshot({ path: `${SHOTS}/together-held-frame.png` });

    await ownerPage.mouse.click(centreOf(ownerBox).x, centreOf(ownerBox).y);
    await eventually(async () => expect(await ownerPage.getByRole('alert').textContent())
      .to.equal('Эту рамку сейчас меняет Мария Петрова: правка не сохранена.'));
    expect(await ownerPage.getByTestId('held-by').textContent()).to.equal('Рамку сейчас меняет Мария Петрова');
    await ownerPage.screenshot({ path: `${SHOTS}/together-held-refused.png` });
    expect((await world.read(book)).version).to.equal(layout.version);
  });

  it('shows a comment as a pin and in the other\'s thread panel; a reply and resolving reach the other', async () => {
    const panel = (on: Page) => on.getByRole('region', { name: 'Комментарии' });
    await panel(editorPage).getByLabel('Добавить комментарий').fill('Сюда фото с моря <b>?</b>');
    await panel(editorPage).getByRole('button', { name: 'Отправить' }).click();
    const pin = ownerPage.getByTestId('comment-pin');
    await eventually(async () => expect(await pin.getAttribute('aria-label')).to.equal('Комментарий: Мария Петрова, Страница 1'));
    const thread = panel(ownerPage).getByTestId('thread');
    await eventually(async () => expect(await thread.locator('.text').textContent()).to.equal('Сюда фото с моря <b>?</b>'));
    await ownerPage.screenshot({ path: `${SHOTS}/together-comment.png` });

    await thread.getByText('Ответить').click();
    await thread.getByLabel('Текст ответа').fill('Хорошо, добавлю');
    await thread.getByRole('button', { name: 'Отправить' }).click();
    await eventually(async () => expect(await panel(editorPage).locator('.reply .text').textContent()).to.equal('Хорошо, добавлю'));
    await thread.getByRole('button', { name: 'Решено' }).click();
    await eventually(async () => expect(await editorPage.getByTestId('comment-pin').count()).to.equal(0));
    expect(await panel(editorPage).getByTestId('thread').textContent()).to.contain('решено');
  });

  it('shows the book read-only to a viewer, who can still comment', async () => {
    const viewer = await person(world.runtime, 'oleg@example.com', 'Олег Смирнов');
    await join({ url: world.base }, owner, book.id, viewer, 'viewer');
    const viewerPage = await world.openEditor({ ...book, token: viewer.token });
    problems.push(...pageProblems(viewerPage));
    expect(await viewerPage.getByRole('status').filter({ hasText: 'Вы смотрите книгу' }).count()).to.equal(1);
    for (const name of ['Добавить разворот', 'Автозаполнение', 'Заказать', 'Отменить', 'Загрузить фото']) {
      expect(await viewerPage.getByRole('button', { name, exact: true }).isDisabled(), name).to.equal(true);
    }
    expect(await viewerPage.getByRole('region', { name: 'Комментарии' }).getByLabel('Добавить комментарий').isEditable()).to.equal(true);
    await viewerPage.screenshot({ path: `${SHOTS}/together-viewer.png` });
    await viewerPage.context().close();
    expect(problems).to.deep.equal([]);
  });
});
