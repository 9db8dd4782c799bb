import { expect } from 'chai';
import { SegmentedLru } from '../../src/util/segmented-lru';

const entry = (bytes: number) => ({ bytes });

describe('segmented LRU bounded in bytes', () => {
  it('never holds more bytes than its budget, evicting least recently used entries and saying so', () => {
    const evicted: string[] = [];
    const cache = new SegmentedLru<{ bytes: number }>(10_000, (key) => evicted.push(key));
    for (let index = 0; index < 100; index += 1) {
      cache.set(`k${index}`, entry(700));
      expect(cache.bytes).to.be.at.most(10_000);
    }
    // With nothing protected, probation may take the whole budget: 14 entries of 700 bytes.
    expect(cache.size).to.equal(14);
    expect(evicted.slice(0, 3)).to.deep.equal(['k0', 'k1', 'k2']);
    expect(evicted).to.have.length(86);
    expect(cache.get('k99')).to.deep.equal(entry(700));
    expect(cache.get('k0')).to.equal(undefined);
  });

  it('refuses an entry larger than probation can hold', () => {
    const cache = new SegmentedLru<{ bytes: number }>(10_000, () => undefined);
    expect(cache.set('big', entry(2001))).to.equal(false);
    expect(cache.size).to.equal(0);
    expect(cache.set('fits', entry(2000))).to.equal(true);
  });

  it('keeps entries hit twice through any number of one-off entries', () => {
    const cache = new SegmentedLru<{ bytes: number }>(10_000, () => undefined);
    for (const key of ['a', 'b', 'c']) {
      cache.set(key, entry(1000));
      cache.get(key);
    }
    for (let index = 0; index < 1000; index += 1) cache.set(`once${index}`, entry(500));
    for (const key of ['a', 'b', 'c']) expect(cache.get(key), key).to.deep.equal(entry(1000));
    expect(cache.bytes).to.be.at.most(10_000);
  });

  it('moves the protected segment\'s least used entries back to probation when it is full', () => {
    const evicted: string[] = [];
    const cache = new SegmentedLru<{ bytes: number }>(10_000, (key) => evicted.push(key));
    for (let index = 0; index < 12; index += 1) {
      cache.set(`p${index}`, entry(1000));
      cache.get(`p${index}`);
      expect(cache.bytes).to.be.at.most(10_000);
    }
    // Protected holds 8 kB: the oldest promoted entries went back on probation, and the oldest of those out.
    expect(evicted).to.include('p0');
    expect(cache.get('p11')).to.deep.equal(entry(1000));
  });

  it('deletes and clears, keeping its byte count exact', () => {
    const cache = new SegmentedLru<{ bytes: number }>(10_000, () => undefined);
    cache.set('a', entry(1000));
    cache.get('a');
    cache.set('b', entry(500));
    expect(cache.bytes).to.equal(1500);
    cache.delete('a');
    expect(cache.bytes).to.equal(500);
    cache.set('b', entry(300));
    expect(cache.bytes).to.equal(300);
    cache.clear();
    expect([cache.bytes, cache.size]).to.deep.equal([0, 0]);
  });
});
