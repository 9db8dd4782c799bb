import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { changeNotices, type NoticedTransaction, parseChangeNotice } from '../../src/layouts/editing/change-notices';

const applied = (count: number, layouts: number): NoticedTransaction[] => {
  const layoutIds = Array.from({ length: layouts }, () => randomUUID());
  return Array.from({ length: count }, (_, index) => ({ layoutId: layoutIds[index % layouts], userId: 1000 + index, transactionId: randomUUID() }));
};

describe('change notices (what other processes hear of an editing batch)', () => {
  it('name every applied transaction in order, in notices under NOTIFY\'s 8000 bytes', () => {
    // The largest batch: 256 messages, each of another layout.
    const transactions = applied(256, 256);
    const notices = changeNotices('process-a', transactions);
    expect(notices.length).to.be.greaterThan(1);
    for (const notice of notices) expect(Buffer.byteLength(notice)).to.be.below(8000);
    const read = notices.map((notice) => parseChangeNotice(notice)!);
    expect(read.every((notice) => notice.from === 'process-a')).to.equal(true);
    expect(read.flatMap((notice) => notice.applied)).to.deep.equal(transactions);
  });

  it('send one notice for a small batch, and none for a batch that applied nothing', () => {
    const transactions = applied(10, 2);
    expect(changeNotices('p', transactions)).to.have.length(1);
    expect(changeNotices('p', [])).to.deep.equal([]);
  });

  it('read back nothing from a payload that is not a notice', () => {
    for (const payload of ['', 'ping', '{}', '{"from":1,"applied":[]}', '{"from":"p","applied":[["x","1","y"]]}', '{"from":"p","applied":[[1,2,3]]}', '[']) {
      expect(parseChangeNotice(payload), payload).to.equal(undefined);
    }
  });
});
