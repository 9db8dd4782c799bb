import { expect } from 'chai';
import { Snapshot, Total } from '../../src/gallery/total';

describe('a total kept exact by reported changes', () => {
  it('reads a snapshot: below xmin seen, from xmax on not seen, the running ones in between not seen', () => {
    const snapshot = Snapshot.parse('100:105:101,103')!;
    expect([99, 100, 101, 102, 103, 104, 105, 106].map((tx) => snapshot.sees(tx))).to.deep.equal(
      [true, true, false, true, false, true, false, false]);
    expect(Snapshot.parse('not a snapshot')).to.equal(undefined);
  });

  it('adds the changes its count did not see, whether they arrived before or after the count returned', async () => {
    let finishCount!: (result: { total: number; snapshot: string }) => void;
    const total = new Total(new Promise((resolve) => {
      finishCount = resolve;
    }));
    // While counting: transaction 90 committed before the count's snapshot, 110 after it, 102 was running.
    total.apply(90, 5);
    total.apply(110, 1);
    total.apply(102, 2);
    finishCount({ total: 50, snapshot: '100:105:102' });
    expect(await total.current()).to.equal(50 + 1 + 2);
    total.apply(95, 1);
    total.apply(120, 3);
    expect(await total.current()).to.equal(56);
  });

  it('fails as its count does, and says so to every reader', async () => {
    const total = new Total(Promise.reject(new Error('database gone')));
    let error: unknown;
    await total.current().catch((caught: unknown) => {
      error = caught;
    });
    expect((error as Error).message).to.equal('database gone');
  });
});
