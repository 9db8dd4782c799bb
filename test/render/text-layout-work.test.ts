// Setting a text costs work in proportion to its length (security review 4, finding 1): the wrapping once re-shaped
// the whole line for every character of a word too long for it, and a 2,000-character text froze the process.
import { expect } from 'chai';
import { setText } from '../../src/render/text-layout';
import { boundedText, MAX_MARKS_PER_CHARACTER, textBoundProblem } from '../../src/render/text-bounds';
import type { TextStyle } from '../../src/shared/layout-document';
import { countShaping } from '../helpers/shaping';

const block = { x: 0, y: 0, width: 100, height: 60 };
const defaults = { fontSizePt: 12, cover: false };
const style = (font: TextStyle['font'], size: number): TextStyle => ({ font, size, color: '#000000', align: 'center' });
/** The review's texts: 1,800 combining accents and 200 letters; an Arabic word of 2,000 characters. */
const combining = '\u0301'.repeat(1800) + 'W'.repeat(190) + '0123456789';
const arabic = 'مرحبا'.repeat(398) + '0123456789';

describe('text layout work', () => {
  const shapedFor = (text: string, textStyle: TextStyle | undefined) => {
    const count = countShaping();
    try {
      setText(text, textStyle, block, defaults);
      return count.shaped;
    } finally {
      count.stop();
    }
  };

  it('shapes each character of a long word a bounded number of times, whatever the sizes tried', () => {
    // Twice per character at most: the word once for every size, each line once for its final width.
    expect(shapedFor(arabic, style('DejaVu Sans', 4))).to.be.at.most(2 * arabic.length + 100);
    expect(shapedFor('ab'.repeat(1000), undefined)).to.be.at.most(2 * 2000 + 100);
    const words = Array.from({ length: 400 }, (_, index) => `w${index}xyz`).join(' ');
    expect(shapedFor(words, style('DejaVu Sans', 4))).to.be.at.most(2 * words.length + 100);
  });

  it('sets a stored text past the bounds as cut to them', () => {
    const cut = boundedText(combining);
    expect(textBoundProblem(cut)).to.equal(undefined);
    expect(cut).to.equal('\u0301'.repeat(1 + MAX_MARKS_PER_CHARACTER) + 'W'.repeat(190) + '0123456789');
    const set = setText(combining, style('DejaVu Serif Italic', 200), block, defaults);
    const shown = set.item.lines.join('').replace(/…$/, '');
    expect(shown.length).to.be.greaterThan(MAX_MARKS_PER_CHARACTER);
    expect(cut.startsWith(shown), shown).to.equal(true);
    expect(shapedFor(combining, style('DejaVu Serif Italic', 200))).to.be.at.most(2 * cut.length + 100);
  });

  it('breaks a long word between characters, never inside one', () => {
    const accented = 'e\u0301'.repeat(600);
    const { item } = setText(accented, style('DejaVu Sans', 40), block, defaults);
    expect(item.lines.length).to.be.greaterThan(1);
    for (const line of item.lines) expect(line.startsWith('e'), line.slice(0, 4)).to.equal(true);
  });

  it('refuses texts past the bounds with a reason', () => {
    expect(textBoundProblem(combining)).to.match(/at most 30 combining marks \(one here carries 1799\)/);
    expect(textBoundProblem('a'.repeat(2001))).to.match(/at most 2000 characters/);
    expect(textBoundProblem(`W${'\u0301'.repeat(MAX_MARKS_PER_CHARACTER)}`)).to.equal(undefined);
    // A family emoji is one character of seven code points: well within the bound.
    expect(textBoundProblem('👨‍👩‍👧‍👦 Привет مرحبا')).to.equal(undefined);
  });
});
