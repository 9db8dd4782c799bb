// A long-running process (serve, worker) tries the object store before it serves: settings the store refuses stop it
// with one line naming them (exit 2), so a replica with a wrong secret never reports itself ready; a store that does
// not answer yet is a warning, and the process starts (its media requests answer 503 until the store answers).
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeOnEmbeddedRunOnly } from '../helpers/database';
import { spawnPhotobook } from '../helpers/process';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

/** Runs the process until it exits or says it listens; its exit code (or 'listening') and its standard error. */
function startOrExit(child: ChildProcess): Promise<{ outcome: number | 'listening'; stderr: string; log: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"msg":"listening"')) resolve({ outcome: 'listening', stderr, log });
    });
    child.once('exit', (code) => resolve({ outcome: code ?? -1, stderr, log }));
  });
}

describeOnEmbeddedRunOnly('the object store tried at start-up (pglite, real processes)', function () {
  this.timeout(120_000);
  let s3: TestS3Server;
  let scratch: string;
  const children: ChildProcess[] = [];
  const serve = (env: Record<string, string>) => {
    const child = spawnPhotobook(['serve'], {
      DATA_DIR: mkdtempSync(path.join(scratch, 'data-')), PORT: '0', HOST: '127.0.0.1', WORKER: '0', LOG_LEVEL: 'info',
      JWT_SECRET: TEST_JWT_SECRET, S3_TIMEOUT_MS: '2000', ...env,
    });
    children.push(child);
    return startOrExit(child);
  };

  before(async () => {
    s3 = await startS3Server();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'photobook-s3-start-'));
  });
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    await s3.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('starts with the right settings, and leaves nothing of its check in the bucket', async () => {
    const started = await serve(s3.env());
    expect(started.outcome, started.stderr).to.equal('listening');
    expect(s3.requests().some((request) => request.startsWith('PUT ')), 'the check wrote an object').to.equal(true);
    expect(await s3.keys()).to.deep.equal([]);
  });

  it('stops with one line naming the settings when the store refuses the secret', async () => {
    const refused = await serve({ ...s3.env(), S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    expect(refused.outcome).to.equal(2);
    const lines = refused.stderr.split('\n').filter((line) => line.startsWith('photobook: '));
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^photobook: the object store refuses the S3 settings \(S3_BUCKET ".+", S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\): .*SignatureDoesNotMatch/);
  });

  it('stops with one line when the bucket does not exist', async () => {
    const missing = await serve({ ...s3.env(), S3_BUCKET: 'no-such-bucket' });
    expect(missing.outcome).to.equal(2);
    expect(missing.stderr).to.match(/^photobook: the object store refuses the S3 settings \(S3_BUCKET "no-such-bucket".*NoSuchBucket/m);
  });

  it('starts, with a warning, when the store does not answer yet', async () => {
    s3.failNext(100, 'reset');
    try {
      const started = await serve(s3.env());
      expect(started.outcome, started.stderr).to.equal('listening');
      expect(started.log).to.include('the object store does not answer: media requests answer 503 until it does');
    } finally {
      s3.failNext(0);
    }
  });
});
