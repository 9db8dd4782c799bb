// Who may open a book, a frozen (ordered) book, and ordering: a book with errors is refused with the reason and the
// preflight list; once fixed it is finished (layout/finish) and goes to the cart.
// The last case needs issue 45 (layout/finish, statuses COMPLETED and INORDER): before it, finish is invalid_message.
import { expect } from 'chai';
import request from 'supertest';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { type Book, blockBox, centreOf, type EditorWorld, editorWorld, eventually, pageProblems } from './editor-world';

describeBeyondTheDatabase(`the book editor: access, a frozen book, ordering (${DATABASE_KIND})`, () => {
  let world: EditorWorld;
  let book: Book;

  before(async () => {
    world = await editorWorld();
    book = await world.visitorBook();
  });
  after(() => world?.close());

  it('starts a visitor without a token, and tells a person who may not open the book so, with a way back', async () => {
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    const problems = pageProblems(page);
    await page.goto(`${world.base}/redaktor/#${book.hash}/`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).to.equal('This book cannot be opened: it is not yours or it does not exist.');
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).to.equal('/');
    const token = await page.evaluate("localStorage.getItem('auth_token')") as string;
    const me = await request(world.base).get('/api/auth/user/').set('Authorization', `Bearer ${token}`);
    expect(me.body.role).to.equal('visitor');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    it(`fits ${viewport.width}x${viewport.height}: every named control and the spread on screen, nothing scrolled sideways`, async () => {
      const context = await world.browser.newContext({ viewport, locale: 'ru-RU' });
      const page = await world.openEditor(book, { context });
      for (const name of ['Загрузить фото', 'Отменить', 'Повторить', 'Добавить разворот', 'Удалить разворот', 'Автозаполнение', 'Заказать', 'Обложка']) {
        const box = await page.getByRole('button', { name, exact: true }).boundingBox();
        expect(box, name).to.not.equal(null);
        expect(box!.x >= 0 && box!.y >= 0 && box!.x + box!.width <= viewport.width && box!.y + box!.height <= viewport.height, `${name} on screen`).to.equal(true);
      }
      const canvas = await page.locator('canvas').first().boundingBox();
      expect(canvas!.width, 'the spread takes most of the width left by the side panels').to.be.above(viewport.width * 0.5);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).to.equal(true);
      await page.screenshot({ path: `test/editor/screenshots/viewport-${viewport.width}.png` });
      await context.close();
    });
  }

  it('opens an ordered (frozen) book read-only, with a message', async () => {
    const frozen = await world.visitorBook();
    // The state a confirmed order leaves (its checkout is walked in test/checkout/); the editor only reads it.
    await world.runtime.db.sql.query("UPDATE layouts SET status = 'IN_WORK' WHERE id = $1", [frozen.id]);
    const page = await world.openEditor(frozen);
    expect(await page.getByRole('status').filter({ hasText: 'Книга заказана' }).textContent()).to.equal('Книга заказана: её можно смотреть, но не менять.');
    for (const name of ['Загрузить фото', 'Отменить', 'Добавить разворот', 'Автозаполнение', 'Заказать']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).to.equal(true);
    }
    await page.screenshot({ path: 'test/editor/screenshots/frozen.png' });
    await page.context().close();
  });

  it('refuses to order a book with errors and says why, then finishes and orders it into the cart (issue 45)', async () => {
    const page = await world.openEditor(book);
    const schemes = (await request(world.base).get('/api/ua/scheme/?fmt=' + (await world.read(book) as unknown as { fmt: number }).fmt)
      .set('Authorization', `Bearer ${book.token}`)).body as { id: number; slots: { type: string }[] }[];
    const withText = schemes.find((scheme) => scheme.slots.some((slot) => slot.type === 'TEXT'))!;
    await page.getByRole('button', { name: 'Страница 1', exact: true }).click();
    await page.locator('fieldset', { hasText: 'Страница 1' }).getByLabel('Схема страницы').selectOption(String(withText.id));
    const text = await eventually(async () => {
      const found = (await world.read(book)).pages[1].blocks.find((block) => block.type === 'TEXT');
      expect(found, 'the scheme with a text is set').to.exist;
      return found!;
    });
    const box = await eventually(() => blockBox(page, text.id));
    await page.mouse.click(centreOf(box).x, centreOf(box).y);
    await page.locator('.inspector textarea').fill('Слишком длинная подпись, которая никак не помещается в свою рамку. '.repeat(6));
    await page.getByLabel('Размер').fill('40');
    await eventually(async () => expect((await world.read(book)).pages[1].blocks.find((block) => block.id === text.id)!.content.fits).to.equal(false));
    await page.getByRole('button', { name: 'Заказать' }).click();
    await eventually(async () => expect(await page.getByRole('alert').textContent()).to.equal('В книге есть ошибки: исправьте их, чтобы заказать.'));
    // The panel lists the preflight once its read answers, which may come after the refusal's message.
    await eventually(async () => expect(await page.locator('.preflight li.error').count()).to.be.above(0));
    expect((await request(world.base).get('/api/merch/order/count/').set('Authorization', `Bearer ${book.token}`)).body.count).to.equal(0);
    await page.locator('.inspector').getByRole('button', { name: 'Очистить' }).click();
    await eventually(async () => expect((await world.read(book)).pages[1].blocks.find((block) => block.id === text.id)!.content.text).to.equal(''));
    await page.getByRole('button', { name: 'Заказать' }).click();
    const cart = page.getByRole('dialog', { name: 'Корзина' });
    await cart.waitFor();
    const sets = (await request(world.base).get('/api/merch/orderset/').set('Authorization', `Bearer ${book.token}`)).body as { status: string; orders: { layout_id: string }[] }[];
    expect(sets.find((set) => set.status === 'OPEN')!.orders.map((order) => order.layout_id)).to.deep.equal([book.id]);
    expect((await world.read(book)).status).to.equal('INORDER');
    await page.screenshot({ path: 'test/editor/screenshots/ordered.png' });
  });
});
