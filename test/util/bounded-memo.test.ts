import { expect } from 'chai';
import { createBoundedMemo } from '../../src/util/bounded-memo';

describe('bounded memo', () => {
  it('works a value out once per key, and past its bound forgets the oldest', () => {
    const made: string[] = [];
    const memo = createBoundedMemo<string>(2);
    const get = (key: string) => memo.get(key, () => {
      made.push(key);
      return key.toUpperCase();
    });
    expect([get('a'), get('a'), get('b')]).to.deep.equal(['A', 'A', 'B']);
    expect(made).to.deep.equal(['a', 'b']);
    get('c');
    get('b');
    get('a');
    expect(made).to.deep.equal(['a', 'b', 'c', 'a']);
    memo.clear();
    get('c');
    expect(made).to.deep.equal(['a', 'b', 'c', 'a', 'c']);
  });
});
