// Start-up failures a first-time user meets: each is one line naming what to change, exit 2, and nothing opened.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { TEST_JWT_SECRET } from './helpers/runtime';
import { describeOnEmbeddedRunOnly } from './helpers/database';
import { runPhotobook } from './helpers/process';

describeOnEmbeddedRunOnly('photobook start-up failures (pglite, real processes)', function () {
  this.timeout(120_000);
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'photobook-startup-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('says which command is unknown before the usage', () => {
    const unknown = runPhotobook(['frobnicate'], { DATA_DIR: scratch });
    expect(unknown.status).to.equal(2);
    expect(unknown.stderr.split('\n')[0]).to.equal('photobook: unknown command "frobnicate"');
    expect(unknown.stderr).to.include('Usage: photobook <command>');
    // Names every object inherits are no commands either.
    for (const inherited of ['toString', '__proto__', 'constructor']) {
      const result = runPhotobook([inherited], { DATA_DIR: scratch });
      expect([result.status, result.stderr.split('\n')[0]], inherited).to.deep.equal([2, `photobook: unknown command "${inherited}"`]);
    }
  });

  it('stops with one line naming PORT when the port is taken, before anything is written (the development JWT key included)', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const dataDir = path.join(scratch, 'port');
    try {
      const serve = runPhotobook(['serve'], { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) });
      expect([serve.status, serve.stderr]).to.deep.equal([2, `photobook: PORT ${port} is already in use on 127.0.0.1: stop what listens there, or choose another PORT\n`]);
      expect(existsSync(dataDir) ? readdirSync(dataDir) : []).to.deep.equal([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('stops with one line naming DATA_DIR when a file is in the way', () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    const isFile = runPhotobook(['migrate'], { DATA_DIR: file });
    expect([isFile.status, isFile.stderr]).to.deep.equal([2, `photobook: DATA_DIR ${file} is a file, not a folder\n`]);
    const under = runPhotobook(['migrate'], { DATA_DIR: path.join(file, 'data'), JWT_SECRET: TEST_JWT_SECRET });
    expect([under.status, under.stderr]).to.deep.equal([2, `photobook: DATA_DIR ${path.join(file, 'data')} cannot be created: ${file} is a file\n`]);
  });

  it('stops at once with one line naming DATA_DIR on a filesystem that cannot hold a database (/proc)', () => {
    for (const dataDir of ['/proc/photobook-data', '/proc']) {
      const result = runPhotobook(['migrate'], { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
      expect(result.status, dataDir).to.equal(2);
      expect(result.stderr, dataDir).to.match(new RegExp(`^photobook: DATA_DIR ${dataDir} cannot be (created|written): the filesystem cannot hold its files \\(ENOENT\\)`));
      expect(result.stderr.trim().split('\n')).to.have.length(1);
    }
  });
});
