import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { DATABASE_KIND } from '../helpers/database';
import { runPhotobookInProcess } from '../helpers/process';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { recordFigures } from './figures';
import { type ServiceProcess, startService } from './service-process';

/** Room for the embedded database as `photobook` migrates it (about 42 MB) and then some; the rest is filled up. */
const FILESYSTEM_MEGABYTES = 96;

/** Mounts a tmpfs of that size on folder: a real filesystem that fills up. Only root may (false when not allowed). */
function mountSmallFilesystem(folder: string, megabytes: number): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', folder], { stdio: 'ignore' }).status === 0;
}

/** Writes a file until the filesystem has no room left; the bytes written. */
function fillUp(file: string): number {
  const descriptor = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  let written = 0;
  try {
    for (;;) written += writeSync(descriptor, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(descriptor);
  }
  return written;
}

// The embedded database lives in DATA_DIR with the uploads: it is PGlite's disk that fills up, so this runs in the
// suite's PGlite run only.
(DATABASE_KIND === 'pglite' ? describe : describe.skip)('a full disk under DATA_DIR (pglite, a real process on a small tmpfs)', function () {
  this.timeout(180_000);
  let mountPoint: string;
  let mounted = false;
  let service: ServiceProcess | undefined;
  let auth: string;
  const filler = () => path.join(mountPoint, 'filler');
  const uploads = () => path.join(mountPoint, 'uploads');
  /** This test's own process, which runs on: an upload named after it is in flight and must stay. */
  const liveUpload = `${process.pid}-${randomUUID()}`;

  before(async function () {
    mountPoint = mkdtempSync(path.join(os.tmpdir(), 'photobook-full-'));
    mounted = mountSmallFilesystem(mountPoint, FILESYSTEM_MEGABYTES);
    // Without the right to mount (not root), there is no small filesystem to fill: pending, not failed.
    if (!mounted) this.skip();
    const env = { DATA_DIR: mountPoint, JWT_SECRET: TEST_JWT_SECRET, WORKER: '0' };
    const created = await runPhotobookInProcess(['create-user', '--email', 'admin@example.com', '--role', 'admin'], env);
    expect(created.status, created.stderr).to.equal(0);
    auth = `Bearer ${(await runPhotobookInProcess(['issue-token', '--email', 'admin@example.com'], env)).stdout.trim()}`;
    // What earlier processes left: a crash mid-upload (named after its pid, a process of this machine that ran and is
    // gone), one of a version before the names had a pid.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(uploads(), { recursive: true });
    for (const name of [`${deadPid}-${randomUUID()}`, randomUUID(), liveUpload]) writeFileSync(path.join(uploads(), name), 'partial');
    service = await startService('serve', env);
  });
  after(async () => {
    await service?.stop();
    if (mounted) spawnSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('sweeps DATA_DIR/uploads at start: what stopped processes left goes, a running process\'s upload stays', () => {
    expect(readdirSync(uploads())).to.deep.equal([liveUpload]);
    expect(service!.output()).to.match(/"removed":2,.*"msg":"removed the uploads that stopped processes left/);
  });

  it('answers writes and uploads 503 with Retry-After while the disk is full, logs no statement parameters, leaves no temp file, and writes again once there is room', async () => {
    const url = service!.url;
    const theme = await request(url).post('/api/theme/').set('Authorization', auth).send({ name: 'Before the disk filled' });
    expect(theme.status).to.equal(201);
    const free = statfsSync(mountPoint);
    const fillerBytes = fillUp(filler());

    // A shopper's data in every statement: it must never reach the log. Rows of about 2 KB (4 to a page, stored as
    // they are) make the themes table the first to need a new page.
    const marker = `private-${randomUUID()}`;
    const description = `${marker} ${randomBytes(900).toString('hex')}`;
    const statuses: number[] = [];
    let full: request.Response | undefined;
    while (!full && statuses.length < 500) {
      const answer = await request(url).post('/api/theme/').set('Authorization', auth).send({ name: `${marker}-${statuses.length}`, description });
      statuses.push(answer.status);
      if (answer.status !== 201) full = answer;
    }
    expect(full, 'no write failed on the full disk').not.to.equal(undefined);
    expect(full!.status, JSON.stringify(full!.body)).to.equal(503);
    expect(full!.headers['retry-after']).to.equal('2');
    expect(full!.body).to.deep.equal({ detail: 'Service temporarily unavailable, try again shortly.' });

    const upload = await request(url).post(`/api/theme/${theme.body.id}/up-element/`).set('Authorization', auth)
      .field('type', 'bg').attach('file', Buffer.alloc(512 * 1024, 7), { filename: 'background.jpg', contentType: 'image/jpeg' });
    expect(upload.status, JSON.stringify(upload.body)).to.equal(503);
    expect(upload.headers['retry-after']).to.equal('2');
    expect(readdirSync(uploads())).to.deep.equal([liveUpload]);

    // The process's log reaches us through a pipe, possibly after its answer.
    for (const line of [/"code":"53100".*"msg":"no space left on device"/, /"code":"ENOSPC".*"msg":"no space left on device"/]) {
      for (const until = Date.now() + 10_000; !line.test(service!.output()) && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(service!.output()).to.match(line);
    }
    expect(service!.output()).not.to.include(marker);

    rmSync(filler());
    const again = await request(url).post('/api/theme/').set('Authorization', auth).send({ name: 'After the disk was freed' });
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    expect(service!.running()).to.equal(true);
    recordFigures('serve on PGlite, DATA_DIR on a 96 MB tmpfs filled up', {
      free_mb_before_filling: Math.round((free.bavail * free.bsize) / 1024 / 1024), filler_mb: Math.round(fillerBytes / 1024 / 1024),
      writes_before_the_first_503: statuses.length - 1, statuses: [...new Set(statuses)], upload: upload.status, after_freeing: again.status,
    });
  });
});
