// page/add, page/remove and page/move: a book grows, shrinks and is reordered by spreads of two interior pages
// (pages 1-2, 3-4, ...), within its format's page limits; the cover stays page 0. The price follows the page count.
import { randomUUID } from 'node:crypto';
import { invalid, notFound } from '../../shared/errors';
import { schemeFitsFormat } from '../builder';
import { slotBlocks } from '../blocks';
import { copiedBackgrounds } from './block-content';
import { currentPages } from './history';
import type { EditOperation, EditResult, MessageOf } from './messages';
import { countUse } from './set-scheme';
import type { BatchState, EditedLayout, EditedPage } from './state';

const pageLimit = (message: string) => invalid({ payload: [message] }, { code: 'page_limit' });

/** The layout's pages in order (the batch read them all), and the named page among them. */
function bookPages(state: BatchState, layoutId: string, pageId: string) {
  const pages = [...currentPages(state, layoutId).values()].sort((a, b) => a.num - b.num);
  const page = pages.find((item) => item.id === pageId);
  if (!page) throw notFound('Page not found.');
  return { pages, page, interior: pages.filter((item) => item.type === 'PAGE') };
}

/** The interior pages of the spread a page belongs to (the cover belongs to none). */
function spreadOf(interior: EditedPage[], page: EditedPage): EditedPage[] {
  if (page.type !== 'PAGE') return [];
  const first = page.num % 2 === 1 ? page.num : page.num - 1;
  return interior.filter((item) => item.num === first || item.num === first + 1);
}

/** Numbers the interior pages 1..n in the given order; answers those whose number changed. */
function renumber(order: EditedPage[]): EditedPage[] {
  const moved: EditedPage[] = [];
  order.forEach((page, index) => {
    if (page.num === index + 1) return;
    page.num = index + 1;
    page.changed = true;
    moved.push(page);
  });
  return moved;
}

/** Reordering needs every page of the book. */
const wholeLayoutTargets = (message: MessageOf<'page-remove.json' | 'page-move.json'>) => ({ layoutId: message.params.layout_id, wholeLayout: true });

const interiorLimits = (layout: EditedLayout) => layout.format ?? { minPages: 2, maxPages: Number.MAX_SAFE_INTEGER };

/** The position in `interior` after the spread of `page` (0 for the cover). */
const afterSpread = (interior: EditedPage[], page: EditedPage) => {
  const spread = spreadOf(interior, page);
  return spread.length === 0 ? 0 : interior.indexOf(spread[spread.length - 1]) + 1;
};

export const addSpread: EditOperation<'page-add.json'> = {
  schemaId: 'page-add.json',
  targets(message) {
    return { layoutId: message.params.layout_id, wholeLayout: true, schemeIds: message.payload.scheme_id ? [message.payload.scheme_id] : [] };
  },
  apply(state, message): EditResult {
    const layout = state.layouts.get(message.params.layout_id)!;
    const { page, interior } = bookPages(state, layout.id, message.params.id);
    const { maxPages } = interiorLimits(layout);
    if (interior.length + 2 > maxPages) throw pageLimit(`This format has at most ${maxPages} pages.`);
    // The new pages look like the spread they follow (the first spread's, after the cover), unless a scheme is given.
    const model = page.type === 'PAGE' ? page : interior[0];
    if (!model) throw invalid({ payload: ['The book has no page to model a new one on.'] });
    const given = message.payload.scheme_id === undefined ? undefined : state.schemes.get(message.payload.scheme_id);
    if (message.payload.scheme_id !== undefined) {
      if (!given) throw invalid({ payload: [`No scheme ${message.payload.scheme_id}.`] }, { code: 'invalid_scheme' });
      if (!layout.format || !schemeFitsFormat(given, layout.format)) {
        throw invalid({ payload: [`Scheme ${given.id} does not fit the layout's format.`] }, { code: 'invalid_scheme' });
      }
    }
    const template = given ? { id: given.id, width: given.width, height: given.height }
      : { id: model.templateId, width: model.templateWidth, height: model.templateHeight };
    // Empty slots: the scheme's, or the model page's blocks emptied.
    const slots = () => (given ? slotBlocks(given.slots) : model.blocks.filter((block) => block.type !== 'BACKGROUND').map((block) => ({
      ...block, id: randomUUID(), content_warp: { x: 0, y: 0, width: 100, height: 100 }, content: { image: null, text: '', link: null },
    })));
    const created = [0, 1].map((): EditedPage => ({
      id: randomUUID(), layoutId: layout.id, num: 0, type: 'PAGE', factor: model.factor, widthPx: model.widthPx, viewbox: model.viewbox,
      templateId: template.id, templateWidth: template.width, templateHeight: template.height,
      blocks: [...copiedBackgrounds(model), ...slots()],
      changed: true, created: true,
    }));
    for (const item of created) state.pages.set(item.id, item);
    const at = afterSpread(interior, page);
    const order = [...interior.slice(0, at), ...created, ...interior.slice(at)];
    const moved = renumber(order);
    layout.schemeThemeRel = countUse(layout.schemeThemeRel, template.id, 2);
    layout.numPages += 2;
    return { pages: [...created, ...moved.filter((item) => !created.includes(item))], layout: true };
  },
};

export const removeSpread: EditOperation<'page-remove.json'> = {
  schemaId: 'page-remove.json',
  targets: wholeLayoutTargets,
  apply(state, message): EditResult {
    const layout = state.layouts.get(message.params.layout_id)!;
    const { page, interior } = bookPages(state, layout.id, message.params.id);
    if (page.type !== 'PAGE') throw invalid({ payload: ['The cover cannot be removed.'] });
    const spread = spreadOf(interior, page);
    const { minPages } = interiorLimits(layout);
    if (interior.length - spread.length < minPages) throw pageLimit(`This format has at least ${minPages} pages.`);
    for (const item of spread) {
      state.removedPages.add(item.id);
      layout.schemeThemeRel = countUse(layout.schemeThemeRel, item.templateId, -1);
    }
    const gone = new Set(spread.map((item) => item.id));
    layout.unplaced = layout.unplaced.filter((item) => !gone.has(item.page_id));
    layout.numPages -= spread.length;
    const moved = renumber(interior.filter((item) => !gone.has(item.id)));
    return { pages: moved, removedPageIds: [...gone], layout: true };
  },
};

export const moveSpread: EditOperation<'page-move.json'> = {
  schemaId: 'page-move.json',
  targets: wholeLayoutTargets,
  apply(state, message): EditResult {
    const layout = state.layouts.get(message.params.layout_id)!;
    const { page, interior, pages } = bookPages(state, layout.id, message.params.id);
    if (page.type !== 'PAGE') throw invalid({ payload: ['The cover stays first.'] });
    const target = pages.find((item) => item.id === message.payload.after);
    if (!target) throw notFound('The page to move after was not found.');
    const spread = spreadOf(interior, page);
    if (spread.includes(target)) throw invalid({ payload: ['A spread cannot move after itself.'] });
    const rest = interior.filter((item) => !spread.includes(item));
    const at = afterSpread(rest, target);
    const moved = renumber([...rest.slice(0, at), ...spread, ...rest.slice(at)]);
    return { pages: moved, layout: true };
  },
};
