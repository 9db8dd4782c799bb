// The editor as a visitor uses it: the book opens from the shop's link, six photos uploaded through the file picker
// turn ready, one is dragged onto a frame (drawn there: pixels), zoomed, moved and turned (each one a block/crop).
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { type Book, blockBox, centreOf, colourPhoto, type EditorWorld, editorWorld, eventually, pageProblems, pixelAt } from './editor-world';

describeBeyondTheDatabase(`the book editor: photos (${DATABASE_KIND})`, () => {
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

  it('serves the editor with hashed, long-cached assets and a page that is never cached', async () => {
    const response = await fetch(`${world.base}/redaktor/`);
    expect(response.headers.get('cache-control')).to.equal('no-cache');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).to.include("script-src 'self'").and.include("default-src 'none'").and.not.include('http://');
    const script = (await response.text()).match(/\/redaktor\/assets\/(editor-[0-9a-f]{12}\.js)/)![1];
    const asset = await fetch(`${world.base}/redaktor/assets/${script}`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('cache-control')).to.include('immutable');
    expect((await fetch(`${world.base}/redaktor/assets/editor-000000000000.js`)).status).to.equal(404);
  });

  it('uploads six photos through the file picker and shows them turn ready', async () => {
    const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#d35400', '#16a085'];
    const files = await Promise.all(colours.map(async (colour, index) => ({
      name: `photo-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: await colourPhoto(1600 + index * 8, 1200, colour),
    })));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Загрузить фото' }).click();
    await (await chooser).setFiles(files);
    await eventually(async () => expect(await page.locator('.photos [data-status="ready"]').count()).to.equal(6), 30000);
    expect((await world.read(book)).photo_ids).to.have.length(6);
  });

  it('drags a photo onto a frame: drawn in the frame, placed in the layout', async () => {
    const layout = await world.read(book);
    await page.getByRole('button', { name: 'Страница 1', exact: true }).click();
    const frame = layout.pages[1].blocks.find((block) => block.type === 'PHOTO')!;
    const photo = page.locator('.photos [data-status="ready"]').first();
    const photoId = Number(await photo.getAttribute('data-photo-id'));
    const box = await blockBox(page, frame.id);
    await photo.dragTo(page.locator('.spread-view'), { targetPosition: { x: centreOf(box).x - (await page.locator('.spread-view').boundingBox())!.x, y: centreOf(box).y - (await page.locator('.spread-view').boundingBox())!.y } });
    const placed = await eventually(async () => {
      const block = (await world.read(book)).pages[1].blocks.find((candidate) => candidate.id === frame.id)!;
      expect(block.content.photo?.photo_id).to.equal(photoId);
      return block;
    });
    expect(placed.content.photo.crop.width).to.be.above(0);
    // The photo's white middle square is drawn at the frame's centre, its colour near the frame's corner.
    await eventually(async () => {
      const [r, g, b] = await pixelAt(page, centreOf(box));
      expect(Math.min(r, g, b)).to.be.above(200);
    });
    const edge = await pixelAt(page, { x: box.x + box.width * 0.08, y: box.y + box.height * 0.5 });
    expect(Math.max(...edge) - Math.min(...edge)).to.be.above(60);
    expect(await page.locator(`.photos [data-photo-id="${photoId}"].placed`).count()).to.equal(1);
  });

  it('zooms with the slider and the wheel, moves the crop by dragging and turns the photo, each saved', async () => {
    const layout = await world.read(book);
    const frame = layout.pages[1].blocks.find((block) => block.content.photo)!;
    const before = frame.content.photo.crop;
    const box = await blockBox(page, frame.id);
    await page.mouse.click(centreOf(box).x, centreOf(box).y);
    await page.getByLabel('Масштаб').fill('2');
    const zoomed = await eventually(async () => {
      const crop = (await world.read(book)).pages[1].blocks.find((block) => block.id === frame.id)!.content.photo.crop;
      expect(crop.width).to.be.closeTo(before.width / 2, 0.02);
      return crop;
    });
    await page.mouse.move(centreOf(box).x, centreOf(box).y);
    await page.mouse.wheel(0, -200);
    const wheeled = await eventually(async () => {
      const crop = (await world.read(book)).pages[1].blocks.find((block) => block.id === frame.id)!.content.photo.crop;
      expect(crop.width).to.be.below(zoomed.width - 0.01);
      return crop;
    });
    await page.mouse.move(centreOf(box).x, centreOf(box).y);
    await page.mouse.down();
    await page.mouse.move(centreOf(box).x + 40, centreOf(box).y + 10, { steps: 5 });
    await page.mouse.up();
    await eventually(async () => {
      const crop = (await world.read(book)).pages[1].blocks.find((block) => block.id === frame.id)!.content.photo.crop;
      expect(crop.x, 'dragging right shows more of the left of the photo').to.be.below(wheeled.x - 0.005);
    });
    await page.getByRole('button', { name: 'Повернуть' }).click();
    await eventually(async () => {
      const photo = (await world.read(book)).pages[1].blocks.find((block) => block.id === frame.id)!.content.photo;
      expect(photo.rotation).to.equal(90);
    });
    await page.screenshot({ path: 'test/editor/screenshots/photos.png' });
    expect(problems).to.deep.equal([]);
  });
});
