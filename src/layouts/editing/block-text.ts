// block/text: a TEXT block's text and style (font, size, colour, alignment). Fields not sent keep their value; a
// block never styled starts from the defaults the renderer uses.
import { textBoundProblem } from '../../render/text-bounds';
import { invalid } from '../../shared/errors';
import { DEFAULT_TEXT_FONT, type TextStyle } from '../../shared/layout-document';
import { findBlock } from './block-content';
import type { EditOperation } from './messages';

/** What an unstyled text looks like in every picture of the book (src/render/layout-scene.ts draws it so too). */
export const DEFAULT_TEXT_STYLE: Omit<TextStyle, 'size'> = { font: DEFAULT_TEXT_FONT, color: '#2b2b2b', align: 'center' };

export const setBlockText: EditOperation<'block-text.json'> = {
  schemaId: 'block-text.json',
  targets: ({ params }) => ({ layoutId: params.layout_id, blockIds: [params.id] }),
  apply(state, message) {
    const layout = state.layouts.get(message.params.layout_id)!;
    const { page, block, index } = findBlock(state, layout.id, message.params.id);
    if (block.type !== 'TEXT') throw invalid({ payload: ['The block is not a TEXT block.'] });
    const { text, ...style } = message.payload;
    const problem = text === undefined ? undefined : textBoundProblem(text);
    if (problem) throw invalid({ payload: [problem] });
    const current: TextStyle = block.content.style ?? { ...DEFAULT_TEXT_STYLE, size: layout.fontSize };
    const content = { ...block.content, text: text ?? block.content.text, style: { ...current, ...style } };
    page.blocks = page.blocks.map((item, at) => (at === index ? { ...block, content } : item));
    page.changed = true;
    return { pages: [page] };
  },
};
