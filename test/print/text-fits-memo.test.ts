// Text fits are remembered (src/render/text-layout.ts): an answer is found again only for the same inputs, all of them.
import { expect } from 'chai';
import type { TextStyle } from '../../src/shared/layout-document';
import { textFits } from '../../src/render/text-layout';

describe('text fits, remembered by every input', () => {
  const text = 'Лето на даче, две тысячи двадцать шестой год';
  const style = (size: number): TextStyle => ({ font: 'DejaVu Sans', size, color: '#000000', align: 'center' });
  it('by the block width', () => {
    expect(textFits(text, style(12), { width: 150, height: 20 }, 12)).to.equal(true);
    expect(textFits(text, style(12), { width: 15, height: 20 }, 12)).to.equal(false);
  });
  it('by the block height', () => {
    expect(textFits(text, style(12), { width: 40, height: 40 }, 12)).to.equal(true);
    expect(textFits(text, style(12), { width: 40, height: 3 }, 12)).to.equal(false);
  });
  it('by the style', () => {
    expect(textFits(text, style(12), { width: 150, height: 20 }, 12)).to.equal(true);
    expect(textFits(text, style(60), { width: 150, height: 20 }, 12)).to.equal(false);
  });
  it('by the layout font size (an unstyled text)', () => {
    expect(textFits(text, undefined, { width: 100, height: 10 }, 10)).to.equal(true);
    expect(textFits(text, undefined, { width: 100, height: 10 }, 120)).to.equal(false);
  });
});
