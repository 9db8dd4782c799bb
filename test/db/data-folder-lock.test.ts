import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeOnEmbeddedRunOnly } from '../helpers/database';
import { runPhotobook, runPhotobookInProcess, spawnPhotobook } from '../helpers/process';

/** Starts `photobook serve` on the folder and resolves once it listens. */
function serving(dataDir: string) {
  const child = spawnPhotobook(['serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKER: '0' });
  const listening = new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"listening"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, listening, exited };
}

describeOnEmbeddedRunOnly('the embedded database has one owner (pglite, real processes)', function () {
  this.timeout(180_000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-lock-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops a command, and a second serve, with one line naming the holder; after the stop the write goes through', async () => {
    const server = serving(dataDir);
    try {
      await server.listening;
      const expected = new RegExp(`^photobook: the embedded database ${dataDir}/pgdata is in use by process ${server.child.pid} `
        + '\\(photobook serve, since [^)]+\\): stop that process and run this command again, or use a PostgreSQL server \\(DATABASE_URL\\) to run several at once\\n$');
      const admin = runPhotobook(['create-admin', '--email', 'owner@example.com'], { DATA_DIR: dataDir });
      expect(admin.status).to.equal(2);
      expect(admin.stderr).to.match(expected);
      const second = runPhotobook(['serve'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      expect(second.status).to.equal(2);
      expect(second.stderr).to.match(expected);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).to.equal(0);
    expect(existsSync(path.join(dataDir, 'pgdata.lock'))).to.equal(false);
    expect((await runPhotobookInProcess(['create-admin', '--email', 'owner@example.com'], { DATA_DIR: dataDir })).status).to.equal(0);
    // The write is there for the next owner.
    const token = await runPhotobookInProcess(['issue-token', '--email', 'owner@example.com'], { DATA_DIR: dataDir });
    expect(token.status, token.stderr).to.equal(0);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata.lock'), JSON.stringify({ pid: gone, command: 'serve', since: '2026-01-01T00:00:00.000Z' }));
    const run = await runPhotobookInProcess(['create-admin', '--email', 'after-crash@example.com'], { DATA_DIR: dataDir });
    expect(run.status, run.stderr).to.equal(0);
    expect(existsSync(path.join(dataDir, 'pgdata.lock'))).to.equal(false);
  });
});
