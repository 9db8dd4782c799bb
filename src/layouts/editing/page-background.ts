// page/background: an interior page's background, a PAGE_BACKGROUND element of the book's theme, or none.
import { invalid, notFound } from '../../shared/errors';
import { backgroundBlock } from '../blocks';
import type { EditOperation } from './messages';

export const setPageBackground: EditOperation<'page-background.json'> = {
  schemaId: 'page-background.json',
  targets(message) {
    const elementId = message.payload.element_id;
    return { layoutId: message.params.layout_id, pageIds: [message.params.id], backgroundIds: elementId === null ? [] : [elementId] };
  },
  apply(state, message) {
    const layout = state.layouts.get(message.params.layout_id)!;
    const page = state.pages.get(message.params.id);
    if (!page || page.layoutId !== layout.id || state.removedPages.has(page.id)) throw notFound('Page not found.');
    if (page.type !== 'PAGE') throw invalid({ payload: ["The cover's background is the theme's cover."] });
    const elementId = message.payload.element_id;
    const element = elementId === null ? undefined : state.backgrounds.get(elementId);
    // A background of another theme is as unknown as one that does not exist.
    if (elementId !== null && (!element || element.themeId !== layout.themeId)) throw notFound(`Background ${elementId} not found.`);
    const others = page.blocks.filter((block) => block.type !== 'BACKGROUND');
    page.blocks = element ? [backgroundBlock('PAGE_BACKGROUND', element.imageKey), ...others] : others;
    page.changed = true;
    return { pages: [page] };
  },
};
