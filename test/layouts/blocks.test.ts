import { expect } from 'chai';
import { applyScheme, backgroundBlock, slotBlocks } from '../../src/layouts/blocks';
import type { Block, TemplateSlot } from '../../src/shared/layout-document';

const PAGE = '11111111-1111-4111-8111-111111111111';
const OTHER_PAGE = '22222222-2222-4222-8222-222222222222';
const slot = (kind: 'photo' | 'text', x = 0.1): TemplateSlot => ({ kind, x, y: 0.1, w: 0.3, h: 0.3 });
const FOUR_PHOTOS = [slot('photo'), slot('photo', 0.2), slot('photo', 0.3), slot('photo', 0.4)];
const ONE_PHOTO_ONE_TEXT = [slot('photo'), slot('text')];

function filled(slots: TemplateSlot[], images: string[], texts: string[] = []): Block[] {
  const queue = { PHOTO: [...images], TEXT: [...texts] };
  return slotBlocks(slots).map((block) => {
    const value = queue[block.type as 'PHOTO' | 'TEXT'].shift();
    if (value === undefined) return block;
    return { ...block, content: block.type === 'PHOTO' ? { ...block.content, image: value } : { ...block.content, text: value } };
  });
}

describe('scheme changes on a page (blocks)', () => {
  it('builds empty blocks in percent from a scheme\'s slots', () => {
    const [photo] = slotBlocks([{ kind: 'photo', x: 0.05, y: 0.52, w: 0.43, h: 0.43 }]);
    expect(photo).to.include({ type: 'PHOTO', x: 5, y: 52, width: 43, height: 43, theme_element_type: null });
    expect(photo.content).to.deep.equal({ image: null, text: '', link: null });
  });

  it('fills the new slots with the page\'s photos and texts in order and keeps the background', () => {
    const background = backgroundBlock('PAGE_BACKGROUND', 'themes/1/bg.jpg');
    const current = [background, ...filled([slot('photo'), slot('text'), slot('photo')], ['a.jpg', 'b.jpg'], ['hello'])];
    const change = applyScheme(PAGE, current, [slot('text'), slot('photo'), slot('photo'), slot('photo')], []);
    expect(change.blocks[0]).to.deep.equal(background);
    expect(change.blocks.slice(1).map((block) => [block.type, block.content.image ?? block.content.text])).to.deep.equal([
      ['TEXT', 'hello'], ['PHOTO', 'a.jpg'], ['PHOTO', 'b.jpg'], ['PHOTO', ''],
    ]);
    const moved = current.find((block) => block.content.image === 'a.jpg')!;
    expect(change.blocks[2].id).to.equal(moved.id);
    expect(change.unplaced).to.deep.equal([]);
  });

  it('keeps what does not fit on the layout, tagged with the page, and brings it back when there is room again', () => {
    const current = filled(FOUR_PHOTOS, ['1.jpg', '2.jpg', '3.jpg', '4.jpg']);
    const someoneElse = { id: 'x', type: 'PHOTO' as const, page_id: OTHER_PAGE, content_warp: { x: 0, y: 0, width: 100, height: 100 }, content: { image: 'other.jpg', text: '', link: null } };
    const smaller = applyScheme(PAGE, current, ONE_PHOTO_ONE_TEXT, [someoneElse]);
    expect(smaller.blocks.filter((block) => block.content.image).map((block) => block.content.image)).to.deep.equal(['1.jpg']);
    expect(smaller.unplaced.map((item) => [item.page_id, item.content.image])).to.deep.equal([
      [OTHER_PAGE, 'other.jpg'], [PAGE, '2.jpg'], [PAGE, '3.jpg'], [PAGE, '4.jpg'],
    ]);
    const back = applyScheme(PAGE, smaller.blocks, FOUR_PHOTOS, smaller.unplaced);
    expect(back.blocks.map((block) => block.content.image)).to.deep.equal(['1.jpg', '2.jpg', '3.jpg', '4.jpg']);
    expect(back.blocks.map((block) => block.id)).to.deep.equal(current.map((block) => block.id));
    expect(back.unplaced).to.deep.equal([someoneElse]);
  });

  it('drops empty blocks and blank texts: only what a person placed is kept', () => {
    const current = filled([slot('photo'), slot('text'), slot('text')], [], ['   ']);
    const change = applyScheme(PAGE, current, [slot('photo')], []);
    expect(change.unplaced).to.deep.equal([]);
    expect(change.blocks).to.have.length(1);
  });
});
