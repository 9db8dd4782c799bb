// What every MediaStorage implementation promises, as one suite that each implementation's test file runs.
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { InvalidMediaKeyError, type MediaStorage, MediaNotFoundError } from '../../src/media/storage';

export interface StorageUnderTest {
  /** The public area, whose URLs start with publicBase. */
  media: MediaStorage;
  publicBase: string;
  /** The private area of the same storage. */
  privateFiles: MediaStorage;
  /** The keys the backing store holds in the public area, read without the storage under test. */
  storedKeys(): Promise<string[]>;
}

const bytes = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 256));

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => undefined, (error: unknown) => error);
}

export function storageContract(open: () => StorageUnderTest): void {
  let storage: StorageUnderTest;
  let media: MediaStorage;
  before(() => {
    storage = open();
    media = storage.media;
  });

  it('reads back what was put, with its size, a quoted ETag and a modification date', async () => {
    const content = bytes(5000, 1);
    const started = Date.now();
    await media.put('contract/a.jpg', content);
    expect(Buffer.compare(await media.read('contract/a.jpg'), content)).to.equal(0);
    const facts = await media.stat('contract/a.jpg');
    expect(facts?.size).to.equal(5000);
    expect(facts?.etag).to.match(/^"[^"]+"$/);
    expect(Math.abs(facts!.lastModified.getTime() - started)).to.be.lessThan(60_000);
    expect(await storage.storedKeys()).to.include('contract/a.jpg');
  });

  it('says plainly when a key holds nothing: read throws MediaNotFoundError, stat and open answer undefined', async () => {
    expect(await rejectionOf(media.read('contract/missing.jpg'))).to.be.instanceOf(MediaNotFoundError);
    expect(await media.stat('contract/missing.jpg')).to.equal(undefined);
    expect(await media.open('contract/missing.jpg')).to.equal(undefined);
    // A "folder" of other keys is no file either.
    expect(await media.stat('contract')).to.equal(undefined);
  });

  it('replaces a file that is put again, with a new ETag', async () => {
    await media.put('contract/b.jpg', bytes(300, 2));
    const first = await media.stat('contract/b.jpg');
    await media.put('contract/b.jpg', bytes(300, 3));
    expect(Buffer.compare(await media.read('contract/b.jpg'), bytes(300, 3))).to.equal(0);
    expect((await media.stat('contract/b.jpg'))?.etag).to.not.equal(first?.etag);
  });

  it('deletes a file, and deleting a missing one is not an error', async () => {
    await media.put('contract/c.jpg', bytes(10, 4));
    await media.delete('contract/c.jpg');
    await media.delete('contract/c.jpg');
    expect(await media.stat('contract/c.jpg')).to.equal(undefined);
    expect(await storage.storedKeys()).to.not.include('contract/c.jpg');
  });

  it('lists the files under a prefix, with their modification dates, and nothing of another area', async () => {
    const started = Date.now();
    await media.put('listing/one/a.jpg', bytes(10, 5));
    await media.put('listing/one/b.jpg_sm.jpg', bytes(10, 6));
    await media.put('listing/two.jpg', bytes(10, 7));
    await storage.privateFiles.put('listing/one/private.pdf', bytes(10, 8));
    const listed = async (prefix: string) => {
      const files = [];
      for await (const page of media.list(prefix)) files.push(...page);
      return files.sort((a, b) => a.key.localeCompare(b.key));
    };
    const one = await listed('listing/one/');
    expect(one.map((file) => file.key)).to.deep.equal(['listing/one/a.jpg', 'listing/one/b.jpg_sm.jpg']);
    for (const file of one) expect(Math.abs(file.lastModified.getTime() - started)).to.be.lessThan(60_000);
    expect((await listed('listing/')).map((file) => file.key)).to.deep.equal(['listing/one/a.jpg', 'listing/one/b.jpg_sm.jpg', 'listing/two.jpg']);
    expect(await listed('nothing-here/')).to.deep.equal([]);
  });

  it('refuses keys outside its pattern in every operation, storing nothing', async () => {
    const before = await storage.storedKeys();
    for (const key of ['../escape.jpg', 'a/../../escape.jpg', '/etc/passwd', 'a//b.jpg', '', '.hidden', 'a b.jpg']) {
      for (const call of [media.put(key, bytes(3, 5)), media.read(key), media.stat(key), media.open(key), media.delete(key)]) {
        expect(await rejectionOf(call), JSON.stringify(key)).to.be.instanceOf(InvalidMediaKeyError);
      }
      expect(() => media.publicUrl(key)).to.throw(InvalidMediaKeyError);
    }
    expect(await storage.storedKeys()).to.deep.equal(before);
  });

  it('opens a file as a stream, whole or one byte range, with the whole size and the same ETag as stat', async () => {
    const content = bytes(10_000, 6);
    await media.put('contract/d.jpg', content);
    const facts = await media.stat('contract/d.jpg');
    const whole = await media.open('contract/d.jpg');
    expect(whole).to.include({ size: 10_000, etag: facts!.etag });
    expect(whole!.body).to.be.instanceOf(Readable);
    expect(Buffer.compare(Buffer.concat(await whole!.body.toArray()), content)).to.equal(0);
    const part = await media.open('contract/d.jpg', { start: 100, end: 1099 });
    expect(part).to.include({ size: 10_000, etag: facts!.etag });
    expect(Buffer.compare(Buffer.concat(await part!.body.toArray()), content.subarray(100, 1100))).to.equal(0);
    const last = await media.open('contract/d.jpg', { start: 9999, end: 9999 });
    expect([...Buffer.concat(await last!.body.toArray())]).to.deep.equal([content[9999]]);
  });

  it('stores a stream body like a buffer', async () => {
    const content = bytes(70_000, 7);
    await media.put('contract/e.png', Readable.from([content.subarray(0, 30_000), content.subarray(30_000)]));
    expect(Buffer.compare(await media.read('contract/e.png'), content)).to.equal(0);
  });

  it('gives public URLs under its base; the private area gives none and is not part of the public one', async () => {
    expect(media.publicUrl('themes/1/x.jpg')).to.equal(`${storage.publicBase}/themes/1/x.jpg`);
    await storage.privateFiles.put('contract/secret.pdf', bytes(50, 8));
    expect(() => storage.privateFiles.publicUrl('contract/secret.pdf')).to.throw(/private/);
    expect(await media.stat('contract/secret.pdf')).to.equal(undefined);
    expect(await storage.storedKeys()).to.not.include('contract/secret.pdf');
    expect((await storage.privateFiles.stat('contract/secret.pdf'))?.size).to.equal(50);
  });
}
