// A photo's analysis in the database (issue 51): its faces turn with the photo (PUT /api/photo/) and back; its analysis row goes with it when the sweep removes it (destroy_many, then a day
// later sweep-unnamed-files), and a camera no photo comes from any more goes too, while a camera still used stays
// with its count and its GPS offset found again.
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { sweepUnnamedFiles } from '../../src/worker/sweep-unnamed-files';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { sampleCopy } from './face-samples';

type Client = ReturnType<typeof request>;
interface Box { x: number; y: number; width: number; height: number }

describe(`shoppers' photos: the analysis row turned and deleted with its photo (${DATABASE_KIND})`, function () {
  this.timeout(300_000);
  let runtime: TestRuntime;
  let client: Client;
  let emails = 0;

  const account = async () => {
    const user = await runtime.users.create({ email: `rows${(emails += 1)}@example.com`, role: 'user' });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  const upload = async (auth: string, content: Buffer) => {
    const id = (await client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200)).body.photo_id as number;
    await processPhoto.handle({ photoId: id }, runtime.jobContext);
    return id;
  };
  const facesOf = async (photoId: number) => (await runtime.db.sql.query<{ faces: { box: Box; landmarks: [number, number][] }[] }>(
    'SELECT faces FROM photo_analyses WHERE photo_id = $1', [photoId])).rows[0]?.faces;
  const devicesOf = async (ownerId: number) => (await runtime.db.sql.query<{ id: number; make: string; gps_offset_seconds: number | null }>(
    'SELECT id, make, gps_offset_seconds FROM photo_devices WHERE owner_id = $1 ORDER BY id', [ownerId])).rows;

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('turns the stored faces with the photo, and back to where the detector found them', async () => {
    const owner = await account();
    const photoId = await upload(owner.auth, await sampleCopy(1));
    const upright = await facesOf(photoId);
    expect(upright.length).to.be.at.least(2);
    await client.put('/api/photo/').set('Authorization', owner.auth).send({ photo_id: photoId, folderId: null, angle: 90 }).expect(200);
    const turned = await facesOf(photoId);
    expect(turned).to.have.length(upright.length);
    // A quarter turn clockwise: (x, y) goes to (1 - y, x); the boxes' sides swap.
    turned.forEach((face, index) => {
      const before = upright[index].box;
      expect(face.box.x).to.be.closeTo(1 - before.y - before.height, 1e-3);
      expect(face.box.y).to.be.closeTo(before.x, 1e-3);
      expect(face.landmarks[30][0]).to.be.closeTo(1 - upright[index].landmarks[30][1], 1e-3);
    });
    // Turned back (a quarter anticlockwise), they are where the detector found them on the upright photo.
    await client.put('/api/photo/').set('Authorization', owner.auth).send({ photo_id: photoId, folderId: null, angle: -90 }).expect(200);
    const back = await facesOf(photoId);
    back.forEach((face, index) => {
      for (const side of ['x', 'y', 'width', 'height'] as const) expect(face.box[side]).to.be.closeTo(upright[index].box[side], 1e-3);
    });
    await client.put('/api/photo/').set('Authorization', owner.auth).send({ photo_id: photoId, folderId: null, angle: 90 }).expect(200);
    // The photo list shows them turned.
    const { body } = await client.get(`/photos/api/photo/${photoId}/`).set('Authorization', owner.auth).expect(200);
    expect(body.analysis.faces.map((face: { box: Box }) => face.box)).to.deep.equal(turned.map((face) => face.box));
  });

  it('deletes the analysis with the photo the sweep removes, and the camera no photo comes from any more', async () => {
    const owner = await account();
    const camera = (make: string, at: string, gps?: [number, number, number]) => ({ make, at, ...(gps ? { gps: { date: '2026:07:03', time: gps } } : {}) });
    // Camera A: two photos, the GPS clock 60 s, then 120 s ahead of the camera's; camera B: one photo.
    const kept = await upload(owner.auth, await sampleCopy(2, { width: 480, exif: camera('CamA', '2026:07:03 10:00:00', [10, 1, 0]) }));
    const goneA = await upload(owner.auth, await sampleCopy(3, { width: 480, exif: camera('CamA', '2026:07:03 10:05:00', [10, 7, 0]) }));
    const goneB = await upload(owner.auth, await sampleCopy(4, { width: 480, exif: camera('CamB', '2026:07:03 11:00:00') }));
    const other = await account();
    const theirs = await upload(other.auth, await sampleCopy(4, { width: 480, exif: camera('CamB', '2026:07:03 11:00:00') }));
    const before = await devicesOf(owner.id);
    expect(before.map((device) => device.make)).to.deep.equal(['CamA', 'CamB']);
    expect(before[0].gps_offset_seconds).to.equal(90);

    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [goneA, goneB] }).expect(200);
    await runtime.db.sql.query("UPDATE photos SET deleted_at = now() - interval '36 hours' WHERE id = ANY($1::int[])", [[goneA, goneB]]);
    await sweepUnnamedFiles.handle(null, runtime.jobContext);

    expect((await runtime.db.sql.query('SELECT id FROM photos WHERE id = ANY($1::int[])', [[goneA, goneB]])).rows).to.deep.equal([]);
    expect((await runtime.db.sql.query('SELECT photo_id FROM photo_analyses WHERE photo_id = ANY($1::int[])', [[goneA, goneB]])).rows).to.deep.equal([]);
    // Camera B named no photo any more: gone. Camera A keeps its other photo, its GPS offset from that one alone.
    const after = await devicesOf(owner.id);
    expect(after.map((device) => device.make)).to.deep.equal(['CamA']);
    expect(after[0].gps_offset_seconds).to.equal(60);
    expect(await facesOf(kept)).to.have.length.above(0);
    const { body: listed } = await client.get('/photos/api/devices/').set('Authorization', owner.auth).expect(200);
    expect(listed.map((device: { make: string; photos: number }) => [device.make, device.photos])).to.deep.equal([['CamA', 1]]);
    // Another owner's camera of the same make and its photo's analysis stay.
    expect((await devicesOf(other.id)).map((device) => device.make)).to.deep.equal(['CamB']);
    expect(await facesOf(theirs)).to.not.equal(undefined);
  });
});
