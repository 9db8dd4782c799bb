import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeOnEmbeddedRunOnly } from './helpers/database';
import { runPhotobook, runPhotobookInTerminal } from './helpers/process';

describeOnEmbeddedRunOnly('log format (pglite)', function () {
  this.timeout(120_000);
  const dataDirs: string[] = [];
  // A fresh folder each time, so that `migrate` has migrations to apply and logs a line about them.
  const fresh = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'photobook-log-'));
    dataDirs.push(dir);
    return { DATA_DIR: dir, LOG_LEVEL: 'info' };
  };
  after(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  const isJsonLine = (line: string) => {
    try {
      return typeof JSON.parse(line) === 'object';
    } catch {
      return false;
    }
  };

  it('writes readable lines when standard output is a terminal', () => {
    const run = runPhotobookInTerminal(['migrate'], fresh());
    expect(run.status, run.stdout).to.equal(0);
    const line = run.stdout.split(/\r?\n/).find((text) => text.includes('migrations applied'))!;
    expect(line).to.match(/^\[\d\d:\d\d:\d\d\.\d{3}\] .*INFO.*: .*migrations applied/);
    expect(isJsonLine(line)).to.equal(false);
  });

  it('writes JSON lines otherwise, and readable ones when LOG_FORMAT=pretty asks for them', () => {
    const piped = runPhotobook(['migrate'], fresh());
    const json = piped.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(json.find((line) => line.msg === 'migrations applied')).to.include({ level: 30, service: 'photobook' });
    // A fresh deployment gets its reference data from `migrate` and is told so.
    expect(json.find((line) => line.msg.startsWith('reference data loaded: '))?.msg).to.include('5 formats');
    const forced = runPhotobook(['migrate'], { ...fresh(), LOG_FORMAT: 'pretty' });
    expect(forced.stdout).to.match(/INFO.*: migrations applied/);
    expect(forced.stdout.split('\n').some(isJsonLine)).to.equal(false);
  });
});
