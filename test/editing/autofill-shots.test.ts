// Autofill that sees the pictures (issue 51), on photos with real faces (face-api's samples and copies made with
// sharp): a blurred copy and a burst's weaker frames left out with their reasons while the sharp shot is placed, one
// composition in two colours both placed, faces whole in their blocks, several cameras on one timeline (the offset
// found from GPS time, then set by hand), and events that never share a page.
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { createValidator } from '../../src/http/validation';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { sampleCopy } from '../photos/face-samples';
import { type BookEditor, editMessage, joinedEditor } from './editors';

interface Crop { x: number; y: number; width: number; height: number }
interface StoredBlock { id: string; type: string; content: { photo?: { photo_id: number; crop: Crop } } }
interface PageRow { num: number; blocks: StoredBlock[] }
interface Report { photos_placed: number; photos_left_out: { photo_id: number; reason: string }[] }

/** A distinct picture without faces: a random field of colour (every call another). */
const field = async (exif?: { make: string; at: string; offset?: string; gps?: string }) => {
  const noise = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } }).png().toBuffer();
  const image = sharp(noise).resize(640, 480, { kernel: 'cubic' }).jpeg();
  if (!exif) return image.toBuffer();
  const gps = exif.gps ? { IFD3: { GPSDateStamp: exif.gps.slice(0, 10), GPSTimeStamp: exif.gps.slice(11).split(':').map((part) => `${Number(part)}/1`).join(' ') } } : {};
  return image.withExif({
    IFD0: { Make: exif.make, Model: 'M' }, IFD2: { DateTimeOriginal: exif.at, ...(exif.offset ? { OffsetTimeOriginal: exif.offset } : {}) }, ...gps,
  }).toBuffer();
};

describeBeyondTheDatabase(`layout/autofill that sees the pictures (${DATABASE_KIND})`, function () {
  // Photos processed as the job processes them, faces found by the model in its worker: minutes on a busy machine.
  this.timeout(300_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  const editors: BookEditor[] = [];

  const upload = async (content: Buffer): Promise<number> => {
    const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', users.owner.auth)
      .attach('files', content, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    await processPhoto.handle({ photoId: body.photo_id }, runtime.jobContext);
    return body.photo_id as number;
  };
  const autofill = async (photoIds: number[], payload: object = {}) => {
    const book = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body as { id: string };
    const sender = await joinedEditor('socket.io', server.url, users.owner.token, book.id);
    editors.push(sender);
    const ack = await sender.ask(editMessage('layout', 'autofill', book.id, undefined, { photo_ids: photoIds, ...payload }));
    expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
    // The documented shape, reasons of every kind included (the schema once knew only duplicate, no_slot, not_ready).
    expect(createValidator(runtime.schemas).errorsOf('layout-ack.json', ack)).to.equal(null);
    const { rows: pages } = await runtime.db.sql.query<PageRow>('SELECT num, blocks FROM layout_pages WHERE layout_id = $1 AND num > 0 ORDER BY num', [book.id]);
    return { book, sender, pages, report: ack.response_data!.autofill as Report };
  };
  const placed = (pages: PageRow[]) => pages.flatMap((page) => page.blocks.flatMap((block) => (block.content.photo ? [block.content.photo] : [])));

  before(async () => {
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('leaves out a blurred copy and a burst\'s weaker frames with their reasons, places the sharp shot and both colours of one composition', async () => {
    const camera = (at: string) => ({ make: 'Cam', model: 'One', at, offset: '+03:00' });
    const sharpShot = await upload(await sampleCopy(1, { exif: camera('2026:07:03 10:00:00') }));
    const blurredCopy = await upload(await sampleCopy(1, { blur: 4, quality: 80, exif: camera('2026:07:03 10:00:01') }));
    // A burst: three frames two seconds apart, the camera moving a little; the middle one out of focus.
    const burst = [
      await upload(await sampleCopy(3, { exif: camera('2026:07:03 11:00:00') })),
      await upload(await sampleCopy(3, { shiftPercent: 5, blur: 2.5, exif: camera('2026:07:03 11:00:02') })),
      await upload(await sampleCopy(3, { shiftPercent: 9, brightness: 0.8, exif: camera('2026:07:03 11:00:04') })),
    ];
    // One composition in two colours, minutes apart: different photos, both placed.
    const warm = await upload(await sampleCopy(6, { exif: camera('2026:07:03 12:00:00') }));
    const cold = await upload(await sampleCopy(6, { hue: 180, exif: camera('2026:07:03 12:05:00') }));
    const { rows } = await runtime.db.sql.query<{ id: number; duplicate_group: number }>('SELECT id, duplicate_group FROM photos WHERE id = ANY($1)', [[warm, cold]]);
    expect(rows[0].duplicate_group).to.not.equal(rows[1].duplicate_group);

    const all = [sharpShot, blurredCopy, ...burst, warm, cold];
    const { report, pages } = await autofill(all);
    const reasons = Object.fromEntries(report.photos_left_out.map((item) => [item.photo_id, item.reason]));
    expect(reasons[blurredCopy]).to.equal('blurred');
    expect(reasons[burst[1]]).to.equal('blurred');
    expect(reasons[burst[2]]).to.equal('burst');
    const placedIds = placed(pages).map((photo) => photo.photo_id);
    expect(placedIds).to.include.members([sharpShot, burst[0], warm, cold]);
    expect(report.photos_placed).to.equal(4);

    // Faces whole: every placed photo shows its largest face whole (the slot's proportions allow one at least).
    const { rows: analyses } = await runtime.db.sql.query<{ photo_id: number; faces: { box: Crop }[] }>(
      'SELECT photo_id, faces FROM photo_analyses WHERE photo_id = ANY($1)', [placedIds]);
    for (const { photo_id: photoId, faces } of analyses) {
      expect(faces.length, `photo ${photoId} has faces`).to.be.above(0);
      const largest = faces.map((face) => face.box).sort((a, b) => b.width * b.height - a.width * a.height)[0];
      const { crop } = placed(pages).find((photo) => photo.photo_id === photoId)!;
      expect(largest.x).to.be.at.least(crop.x - 1e-6);
      expect(largest.y).to.be.at.least(crop.y - 1e-6);
      expect(largest.x + largest.width).to.be.at.most(crop.x + crop.width + 1e-6);
      expect(largest.y + largest.height).to.be.at.most(crop.y + crop.height + 1e-6);
    }

    // Any photo can still be placed by hand; the library flags the blurred copy for the editor.
    const { body: listed } = await request(server.url).get(`/photos/api/photo/${blurredCopy}/`).set('Authorization', users.owner.auth);
    expect(listed.flags).to.include('duplicate');
    expect(listed.analysis.faces.length).to.be.above(0);

    // The same inputs give the same book.
    const again = await autofill(all);
    expect(placed(again.pages)).to.deep.equal(placed(pages));
    expect(again.report).to.deep.equal(report);
  });

  it('puts three events of 8, 10 and 5 photos of one day in a ten-page book with no page holding two events', async () => {
    // A morning, an afternoon and an evening, each shot minutes apart, under four hours from one another.
    const hours = ['10', '13', '16'];
    const sizes = [8, 10, 5];
    const eventOf = new Map<number, number>();
    for (const [event, size] of sizes.entries()) {
      for (let index = 0; index < size; index += 1) {
        const minute = String(index * 5).padStart(2, '0');
        eventOf.set(await upload(await field({ make: 'Events', at: `2026:07:03 ${hours[event]}:${minute}:00`, offset: '+03:00' })), event);
      }
    }
    const { pages, report } = await autofill([...eventOf.keys()]);
    expect(pages).to.have.length(10);
    expect(report.photos_left_out).to.deep.equal([]);
    for (const page of pages) {
      const events = new Set(page.blocks.flatMap((block) => (block.content.photo ? [eventOf.get(block.content.photo.photo_id)] : [])));
      expect(events.size, `page ${page.num}`).to.be.at.most(1);
    }
  });

  it('orders two cameras on one timeline: the offset found from GPS time, then one set by hand', async () => {
    // True times (UTC): a1 07:00, b1 07:10, a2 07:20, b2 07:30. Camera A's clock is right (with its offset); camera
    // B's says the local wall time an hour behind and no offset; its photos carry GPS time.
    const a1 = await upload(await field({ make: 'CamA', at: '2026:08:01 10:00:00', offset: '+03:00' }));
    const b1 = await upload(await field({ make: 'CamB', at: '2026:08:01 09:10:00', gps: '2026:08:01 07:10:00' }));
    const a2 = await upload(await field({ make: 'CamA', at: '2026:08:01 10:20:00', offset: '+03:00' }));
    const b2 = await upload(await field({ make: 'CamB', at: '2026:08:01 09:30:00', gps: '2026:08:01 07:30:00' }));
    const order = async (ids: number[]) => placed((await autofill(ids)).pages).map((photo) => photo.photo_id);
    expect(await order([a1, a2, b1, b2])).to.deep.equal([a1, b1, a2, b2]);
    const { body: devices } = await request(server.url).get('/photos/api/devices/').set('Authorization', users.owner.auth).expect(200);
    const cameraB = devices.find((device: { make: string }) => device.make === 'CamB');
    expect(cameraB.gps_offset_seconds).to.equal(-2 * 3600);

    // Camera C: no GPS, its clock 40 minutes ahead; the owner says so.
    const c1 = await upload(await field({ make: 'CamC', at: '2026:08:01 08:45:00' }));
    const c2 = await upload(await field({ make: 'CamC', at: '2026:08:01 09:05:00' }));
    const { body: listed } = await request(server.url).get('/photos/api/devices/').set('Authorization', users.owner.auth);
    const cameraC = listed.find((device: { make: string }) => device.make === 'CamC');
    // Unset, C's photos (read as UTC) come after everything else.
    expect(await order([a1, a2, c1, c2])).to.deep.equal([a1, a2, c1, c2]);
    const { body: patched } = await request(server.url).patch(`/photos/api/devices/${cameraC.id}/`).set('Authorization', users.owner.auth)
      .send({ offset_seconds: -(40 + 60) * 60 }).expect(200);
    expect(patched.effective_offset_seconds).to.equal(-6000);
    // Now at 07:05 and 07:25 (UTC).
    expect(await order([a1, a2, c1, c2])).to.deep.equal([a1, c1, a2, c2]);
    // Another user may neither read nor set it.
    await request(server.url).patch(`/photos/api/devices/${cameraC.id}/`).set('Authorization', users.other.auth).send({ offset_seconds: 0 }).expect(404);
    const { body: others } = await request(server.url).get('/photos/api/devices/').set('Authorization', users.other.auth).expect(200);
    expect(others).to.deep.equal([]);
    await request(server.url).patch(`/photos/api/devices/${cameraC.id}/`).set('Authorization', users.owner.auth).send({ offset_seconds: 'soon' }).expect(400);
  });
});
