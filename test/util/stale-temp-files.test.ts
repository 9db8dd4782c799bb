// What a crashed process left in the temporary folder is removed by the next process that makes files of that kind:
// entries of the kind older than a day, never a younger one (another process may be writing it) or another kind's.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { removeStaleTempEntries, STALE_AFTER_MS } from '../../src/util/stale-temp-files';

describe('stale temporary files', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'photobook-stale-test-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const make = (name: string, ageMs: number, asFolder = false) => {
    const entry = path.join(folder, name);
    if (asFolder) {
      mkdirSync(entry);
      writeFileSync(path.join(entry, 'interior.pdf'), 'half a book');
    } else {
      writeFileSync(entry, 'half a picture');
    }
    const when = new Date(Date.now() - ageMs);
    utimesSync(entry, when, when);
    return entry;
  };

  it('removes the kind\'s files and folders older than a day, and keeps younger ones and other kinds', async () => {
    const staleFolder = make('photobook-print-abc', STALE_AFTER_MS + 60_000, true);
    const staleFile = make('photobook-print-old.pdf', 3 * STALE_AFTER_MS);
    const young = make('photobook-print-new', STALE_AFTER_MS - 60_000, true);
    const otherKind = make('photobook-heic-1.png', 3 * STALE_AFTER_MS);
    const someoneElses = make('print-abc', 3 * STALE_AFTER_MS);
    expect(await removeStaleTempEntries('photobook-print-', folder)).to.equal(2);
    expect([staleFolder, staleFile].map(existsSync)).to.deep.equal([false, false]);
    expect([young, otherKind, someoneElses].map(existsSync)).to.deep.equal([true, true, true]);
  });

  it('answers 0 for a folder that cannot be read', async () => {
    expect(await removeStaleTempEntries('photobook-print-', path.join(folder, 'missing'))).to.equal(0);
  });
});
