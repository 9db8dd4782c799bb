// What is placed is printed (issue 32): a book with photos in all 8 EXIF orientations, a HEIF photo, a turned and
// mirrored placement, a zoomed crop, a photo into the bleed, a long Cyrillic text with its style and a background,
// printed by the print job and read back with poppler's tools, region by region.
import { expect } from 'chai';
import request from 'supertest';
import sharp from 'sharp';
import { renderPrintFiles } from '../../src/worker/render-print-files';
import { buildApp } from '../../src/app';
import { createDeliveryRepository } from '../../src/delivery/repository';
import { MissingPrintMasterError } from '../../src/print/service';
import { seedDemoCatalog } from '../../src/seed/demo';
import type { PhotoPlacement, TextStyle } from '../../src/shared/layout-document';
import { clampCrop, coveringCrop, effectiveDpi } from '../../src/shared/photo-placement';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, type LayoutTestUsers } from '../layouts/catalog';
import {
  backgroundBlock, expectedPlacement, heifPicture, listPhotos, meanColour, meanDifference, newBook, orientedPicture, PICTURE,
  type PlacedBook, photoBlock, setBlocks, textBlock, uploadPhoto,
} from './placed-book';
import { listFonts, listImages, pageBoxes, pdfText, rasterisePage } from './poppler';

const PRINT_DPI = 150;
const BLEED_MM = 3;
const POINTS_PER_MM = 72 / 25.4;
/** The resolution pages are rasterised at for comparison. */
const CHECK_DPI = 100;
const PX_PER_MM = CHECK_DPI / 25.4;
/** Mean difference (0..255 per channel) a region may have from the expected picture: resampling and JPEG, no more. */
const TOLERANCE = 12;
const LONG_TEXT = 'Лето на даче у бабушки: утром мы ходили за грибами в берёзовую рощу, днём купались в речке, '
  + 'а вечером пили чай с вареньем на веранде и слушали, как шумят сосны. Съешь же ещё этих мягких французских булок.\n'
  + 'Второй абзац: всё, что было, — было не зря.';
const STYLE: TextStyle = { font: 'DejaVu Serif', size: 11, color: '#1a4d80', align: 'left' };
const PAPER = '#d9c9a0';

interface Placed {
  box: { x: number; y: number; width: number; height: number };
  placement: PhotoPlacement;
  bleeds?: boolean;
}

describe(`print files draw what is placed (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let users: LayoutTestUsers;
  let book: PlacedBook;
  let interior: Buffer;
  let orderSetId: number;
  const pages: Record<number, Placed[]> = { 1: [], 2: [] };
  let uprightPhoto = 0;

  const blockMm = (box: Placed['box']) => ({ width: (box.width / 100) * book.format.widthMm, height: (box.height / 100) * book.format.heightMm });
  /** A block's rectangle in pixels of a page rasterised at CHECK_DPI (bleed included), inset to keep off its edges. */
  const regionOf = (box: Placed['box'], inset = 3) => {
    const left = Math.round((BLEED_MM + (box.x / 100) * book.format.widthMm) * PX_PER_MM) + inset;
    const top = Math.round((BLEED_MM + (box.y / 100) * book.format.heightMm) * PX_PER_MM) + inset;
    const size = blockMm(box);
    return { left, top, width: Math.round(size.width * PX_PER_MM) - 2 * inset, height: Math.round(size.height * PX_PER_MM) - 2 * inset };
  };
  const place = (num: number, box: Placed['box'], photoId: number, rotation: PhotoPlacement['rotation'] = 0, mirror = false, crop = coveringCrop(PICTURE, rotation, blockMm(box))) => {
    const placed = { box, placement: { photo_id: photoId, crop, rotation, mirror } };
    pages[num].push(placed);
    return photoBlock(box, placed.placement);
  };
  const printInterior = async () => {
    await renderPrintFiles.handle({ orderSetId }, runtime.jobContext);
    const { rows: [file] } = await runtime.db.sql.query<{ storage_key: string }>(
      "SELECT storage_key FROM print_files WHERE order_set_id = $1 AND part = 'interior'", [orderSetId]);
    return runtime.privateFiles.read(file.storage_key);
  };
  const expectPlacementsPrinted = async (pdf: Buffer, num: number) => {
    const page = await rasterisePage(pdf, num, CHECK_DPI);
    for (const { box, placement } of pages[num]) {
      const region = regionOf(box);
      const difference = meanDifference(page, region, await expectedPlacement(placement, region.width, region.height));
      expect(difference, `page ${num}, photo ${placement.photo_id} ${JSON.stringify(placement)}`).to.be.lessThan(TOLERANCE);
    }
  };

  before(async () => {
    // No partner: the shop's own 3 mm bleed (a partner's rules are tested in test/print-partner).
    runtime = await testRuntime({ PRINT_DPI: String(PRINT_DPI), PHOTO_MAX_BYTES: String(4 * 1024 * 1024), PRINT_PARTNER: 'none' });
    await seedDemoCatalog(runtime, 1);
    users = await layoutTestUsers(runtime);
    client = request(buildApp(runtime).callback());
    book = await newBook(runtime, users.owner.id);
    const oriented: number[] = [];
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      oriented.push(await uploadPhoto(runtime, client, users.owner.auth, await orientedPicture(orientation), `o${orientation}.jpg`));
    }
    uprightPhoto = oriented[0];
    const heif = await uploadPhoto(runtime, client, users.owner.auth, await heifPicture(), 'photo.heic');
    // Page 1: the eight orientations, each upright in its frame.
    await setBlocks(runtime, book.layoutId, 1, oriented.map((id, index) =>
      place(1, { x: 4 + (index % 4) * 24, y: 8 + Math.floor(index / 4) * 46, width: 20, height: 38 }, id)));
    // Page 2: the HEIF photo, a turned and mirrored placement, a zoomed crop, and a photo running into the bleed.
    const zoomBox = { x: 4, y: 54, width: 44, height: 38 };
    await setBlocks(runtime, book.layoutId, 2, [
      place(2, { x: 4, y: 8, width: 44, height: 38 }, heif),
      place(2, { x: 52, y: 8, width: 30, height: 40 }, oriented[0], 90, true),
      place(2, zoomBox, oriented[2], 0, false, clampCrop(PICTURE, { x: 0.3, y: 0.3, width: 0.3, height: 0.3 }, 0, blockMm(zoomBox))),
      place(2, { x: 60, y: 60, width: 40, height: 40 }, oriented[4]),
    ]);
    pages[2][3].bleeds = true;
    // Page 3: a background and a long Cyrillic text set in its style, and a caption nobody styled.
    await runtime.media.put('uploads/test/paper.jpg', await sharp({ create: { width: 300, height: 300, channels: 3, background: PAPER } }).jpeg().toBuffer());
    await setBlocks(runtime, book.layoutId, 3, [
      backgroundBlock('uploads/test/paper.jpg'),
      textBlock({ x: 10, y: 10, width: 80, height: 60 }, LONG_TEXT, STYLE),
      textBlock({ x: 10, y: 80, width: 80, height: 10 }, 'Подпись'),
    ]);
    await listPhotos(runtime, book.layoutId, [...oriented, heif]);
    // Confirmed as checkout confirms a set (its books freeze, their photos' masters recorded), then paid.
    const { rows: [set] } = await runtime.db.sql.query<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'OPEN') RETURNING id", [users.owner.id]);
    orderSetId = set.id;
    await runtime.db.sql.query('INSERT INTO orders (order_set_id, layout_id, quantity, price_kopecks) VALUES ($1, $2, 1, 100000)', [orderSetId, book.layoutId]);
    await runtime.db.transaction((tx) => createDeliveryRepository(tx.sql).confirmOrderSet(orderSetId));
    await runtime.db.sql.query("UPDATE order_sets SET status = 'PAID' WHERE id = $1", [orderSetId]);
    interior = await printInterior();
  });
  after(() => runtime?.dispose());

  it('marks the trim 3 mm inside every page, the bleed box on the page\'s edge (pdfinfo -box)', async () => {
    const boxes = await pageBoxes(interior);
    expect(boxes).to.have.length(book.interiorPages);
    const bleed = BLEED_MM * POINTS_PER_MM;
    for (const { media, trim, bleed: bleedBox } of boxes) {
      expect(bleedBox).to.deep.equal(media);
      expect(trim.left - media.left).to.be.closeTo(bleed, 0.02);
      expect(trim.bottom - media.bottom).to.be.closeTo(bleed, 0.02);
      expect(trim.right - trim.left).to.be.closeTo(book.format.widthMm * POINTS_PER_MM, 0.02);
      expect(trim.top - trim.bottom).to.be.closeTo(book.format.heightMm * POINTS_PER_MM, 0.02);
    }
  });

  it('prints a photo of every EXIF orientation upright, cropped as placed (pdftoppm)', async () => {
    await expectPlacementsPrinted(interior, 1);
  });

  it('prints the HEIF photo, the turned and mirrored placement and the zoomed crop as placed', async () => {
    await expectPlacementsPrinted(interior, 2);
  });

  it('fills the bleed with the photo that runs to the page\'s edge, and with the page\'s background', async () => {
    const page2 = await rasterisePage(interior, 2, CHECK_DPI);
    const { box } = pages[2][3];
    const bleedPx = Math.floor(BLEED_MM * PX_PER_MM) - 1;
    const top = Math.round((BLEED_MM + (box.y / 100) * book.format.heightMm) * PX_PER_MM) + 4;
    const height = page2.height - bleedPx - top - 4;
    // The strip past the right trim and the photo's column just inside it: the same colours, not paper white.
    const outside = meanColour(page2, { left: page2.width - bleedPx, top, width: bleedPx - 1, height });
    const inside = meanColour(page2, { left: page2.width - 2 * bleedPx - 2, top, width: bleedPx - 1, height });
    outside.forEach((value, channel) => expect(value).to.be.closeTo(inside[channel], 12));
    expect(Math.min(...outside)).to.be.lessThan(200);
    const page3 = await rasterisePage(interior, 3, CHECK_DPI);
    const paper = [0xd9, 0xc9, 0xa0];
    for (const corner of [{ left: 0, top: 0 }, { left: page3.width - bleedPx, top: page3.height - bleedPx }]) {
      meanColour(page3, { ...corner, width: bleedPx, height: bleedPx }).forEach((value, channel) => expect(value).to.be.closeTo(paper[channel], 6));
    }
  });

  it('embeds each photo once as a JPEG at the print DPI, never enlarged past what the crop has (pdfimages -list)', async () => {
    const images = await listImages(interior);
    for (const num of [1, 2]) {
      const onPage = images.filter((image) => image.page === num);
      expect(onPage, `page ${num}`).to.have.length(pages[num].length);
      pages[num].forEach(({ box, placement, bleeds }, index) => {
        const image = onPage[index];
        const source = effectiveDpi(PICTURE, placement, blockMm(box));
        expect(image.encoding).to.equal('jpeg');
        expect(image.xPpi, JSON.stringify(placement)).to.be.closeTo(Math.min(PRINT_DPI, source), 2);
        expect(image.yPpi).to.be.closeTo(image.xPpi, 2);
        // Never more pixels than the crop of the master has (plus the bleed's share).
        const cropPixels = placement.crop.width * PICTURE.width * (placement.rotation % 180 === 0 ? 1 : PICTURE.height / PICTURE.width);
        expect(image.width).to.be.at.most(Math.ceil(cropPixels * (bleeds ? 1 + BLEED_MM / blockMm(box).width : 1)) + 1);
      });
    }
    // The zoomed crop has fewer pixels than 150 dpi needs: printed at its own resolution, not scaled up.
    expect(images.filter((image) => image.page === 2)[2].xPpi).to.be.lessThan(PRINT_DPI - 10);
  });

  it('sets the text in its font, embedded with its Cyrillic glyphs, in its colour, aligned left (pdffonts, pdftotext)', async () => {
    const fonts = await listFonts(interior);
    const named = (name: string) => fonts.find((font) => font.name.endsWith(`+${name}`));
    expect(named('DejaVuSerif'), JSON.stringify(fonts)).to.include({ embedded: true, subset: true });
    expect(named('DejaVuSans'), JSON.stringify(fonts)).to.include({ embedded: true, subset: true });
    expect(fonts.every((font) => font.embedded)).to.equal(true);
    const text = (await pdfText(interior, 3)).replace(/\s+/g, ' ');
    for (const phrase of ['Лето на даче', 'французских булок', 'всё, что было', 'Подпись']) expect(text).to.include(phrase);
    const page = await rasterisePage(interior, 3, CHECK_DPI);
    const region = regionOf({ x: 10, y: 10, width: 80, height: 60 }, 0);
    let ink = 0;
    let leftmost = Infinity;
    for (let y = region.top; y < region.top + region.height; y += 1) {
      for (let x = region.left; x < region.left + region.width; x += 1) {
        const at = (y * page.width + x) * 3;
        // The text's blue, well apart from the paper's yellow.
        if (page.data[at + 2] - page.data[at] > 60) {
          ink += 1;
          leftmost = Math.min(leftmost, x);
        }
      }
    }
    expect(ink).to.be.greaterThan(2000);
    // Left-aligned: every line starts at the block's inner margin (4% of its width).
    const innerLeft = region.left + 0.04 * region.width;
    expect(leftmost).to.be.within(innerLeft - 2, innerLeft + 6);
  });

  it('shows in the viewer what prints: page images match the print page rasterised at the same size', async () => {
    for (const num of [1, 2, 3]) {
      const width = 800;
      const viewer = await client.get(`/layout/${book.hash}/page/${num}.jpg`).query({ width }).set('Authorization', users.owner.auth)
        .buffer(true).parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(viewer.status).to.equal(200);
      const shown = await sharp(viewer.body as Buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const dpi = (width / book.format.widthMm) * 25.4;
      const printed = await rasterisePage(interior, num, dpi);
      const bleed = Math.round(BLEED_MM * (width / book.format.widthMm));
      const trimmed = await sharp(printed.data, { raw: { width: printed.width, height: printed.height, channels: 3 } })
        .extract({ left: bleed, top: bleed, width: printed.width - 2 * bleed, height: printed.height - 2 * bleed })
        .resize(shown.info.width, shown.info.height, { fit: 'fill' }).raw().toBuffer();
      const whole = { left: 0, top: 0, width: shown.info.width, height: shown.info.height };
      expect(meanDifference({ data: shown.data, width: shown.info.width }, whole, trimmed), `page ${num}`).to.be.lessThan(6);
    }
  });

  it('prints a photo its owner deleted after paying, once the retention sweep has run too', async () => {
    const deleted = pages[1][3].placement.photo_id;
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', users.owner.auth)
      .send({ photo_id_list: [deleted] }).expect(200, { update_count: 1 });
    // Hidden long enough for the sweep to remove it, were no ordered book to need it.
    await runtime.db.sql.query("UPDATE photos SET deleted_at = now() - interval '36 hours' WHERE id = $1", [deleted]);
    const report = await runtime.services.retention.sweepUnnamedFiles();
    expect(report.hiddenPhotos.removed).to.equal(0);
    expect((await client.get('/photos/api/photo/').set('Authorization', users.owner.auth)).body.results
      .some((photo: { id: number }) => photo.id === deleted)).to.equal(false);
    await expectPlacementsPrinted(await printInterior(), 1);
  });

  it('prints the photos as they were when the order was confirmed, not as turned later', async () => {
    const turned = await client.put('/api/photo/').set('Authorization', users.owner.auth).send({ photo_id: uprightPhoto, angle: 90 });
    expect(turned.status, JSON.stringify(turned.body)).to.equal(200);
    const again = await printInterior();
    await expectPlacementsPrinted(again, 1);
    await expectPlacementsPrinted(again, 2);
  });

  it('fails the print job, naming the master, when a master the order recorded is missing: never an empty frame', async () => {
    const { rows: [recorded] } = await runtime.db.sql.query<{ master_key: string }>(
      'SELECT master_key FROM layout_print_photos WHERE layout_id = $1 AND photo_id = $2', [book.layoutId, uprightPhoto]);
    const master = await runtime.privateFiles.read(recorded.master_key);
    const { rows: before } = await runtime.db.sql.query('SELECT id, rendered_at FROM print_files WHERE order_set_id = $1 ORDER BY id', [orderSetId]);
    await runtime.privateFiles.delete(recorded.master_key);
    const failure = await renderPrintFiles.handle({ orderSetId }, runtime.jobContext).then(() => undefined, (error: unknown) => error);
    await runtime.privateFiles.put(recorded.master_key, master);
    expect(failure).to.be.instanceOf(MissingPrintMasterError);
    expect((failure as Error).message).to.include(recorded.master_key);
    // The files of the last good run stay as they were.
    expect((await runtime.db.sql.query('SELECT id, rendered_at FROM print_files WHERE order_set_id = $1 ORDER BY id', [orderSetId])).rows).to.deep.equal(before);
  });
});
