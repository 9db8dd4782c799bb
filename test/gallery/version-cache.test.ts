import { expect } from 'chai';
import { VersionCache } from '../../src/gallery/version-cache';

describe('version cache', () => {
  it('computes once per version and key, and again when the version moves', async () => {
    const cache = new VersionCache<string>(10);
    let computed = 0;
    const compute = async () => `value ${++computed}`;
    expect(await cache.get(1, 'a', compute)).to.equal('value 1');
    expect(await cache.get(1, 'a', compute)).to.equal('value 1');
    expect(await cache.get(2, 'a', compute)).to.equal('value 2');
    expect(computed).to.equal(2);
  });

  it('shares one computation between concurrent callers', async () => {
    const cache = new VersionCache<number>(10);
    let computed = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 20));
    const results = await Promise.all([cache.get(1, 'k', slow), cache.get(1, 'k', slow), cache.get(1, 'k', slow)]);
    expect(results).to.deep.equal([1, 1, 1]);
  });

  it('does not keep a failed computation', async () => {
    const cache = new VersionCache<number>(10);
    let error: unknown;
    await cache.get(1, 'k', () => Promise.reject(new Error('database gone'))).catch((caught) => {
      error = caught;
    });
    expect(error).to.be.instanceOf(Error);
    expect(await cache.get(1, 'k', async () => 7)).to.equal(7);
  });

  it('evicts the least recently used entry past its capacity', async () => {
    const cache = new VersionCache<string>(2);
    await cache.get(1, 'a', async () => 'a1');
    await cache.get(1, 'b', async () => 'b1');
    await cache.get(1, 'a', async () => 'a2');
    await cache.get(1, 'c', async () => 'c1');
    expect(await cache.get(1, 'a', async () => 'a3')).to.equal('a1');
    expect(await cache.get(1, 'b', async () => 'b2')).to.equal('b2');
  });

  it('answers a caller with an older version without evicting the newer entries', async () => {
    const cache = new VersionCache<string>(10);
    await cache.get(5, 'k', async () => 'new');
    expect(await cache.get(4, 'k', async () => 'old')).to.equal('old');
    expect(await cache.get(5, 'k', async () => 'recomputed')).to.equal('new');
  });
});
