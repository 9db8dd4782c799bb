// page/set: a page takes a new scheme; its photos and texts move into the new slots (applyScheme).
import { applyScheme } from '../blocks';
import { reframePlaced } from './block-content';
import { schemeFitsFormat } from '../builder';
import { invalid, notFound } from '../../shared/errors';
import type { EditOperation, EditResult } from './messages';
import type { BatchState } from './state';

const invalidScheme = (message: string) => invalid({ payload: [message] }, { code: 'invalid_scheme' });

/** scheme_theme_rel with delta more pages of the scheme (none left: the key goes). */
export function countUse(usage: Record<string, number>, schemeId: number | null, delta: number): Record<string, number> {
  if (schemeId === null) return usage;
  const key = String(schemeId);
  const next: Record<string, number> = { ...usage, [key]: (usage[key] ?? 0) + delta };
  if (next[key] <= 0) delete next[key];
  return next;
}

export const setScheme: EditOperation<'scheme-set.json'> = {
  schemaId: 'scheme-set.json',

  targets({ params, payload }) {
    return { layoutId: params.layout_id, pageIds: [params.id], schemeIds: [payload.id] };
  },

  apply(state: BatchState, message): EditResult {
    const layout = state.layouts.get(message.params.layout_id)!;
    const page = state.pages.get(message.params.id);
    if (!page || page.layoutId !== layout.id || state.removedPages.has(page.id)) throw notFound('Page not found.');
    if (page.type === 'COVER') throw invalidScheme('The cover has no scheme.');
    const scheme = state.schemes.get(message.payload.id);
    if (!scheme) throw invalidScheme(`No scheme ${message.payload.id}.`);
    if (!layout.format || !schemeFitsFormat(scheme, layout.format)) {
      throw invalidScheme(`Scheme ${scheme.id} does not fit the layout's format.`);
    }
    const change = applyScheme(page.id, page.blocks, scheme.slots, layout.unplaced);
    layout.schemeThemeRel = countUse(countUse(layout.schemeThemeRel, page.templateId, -1), scheme.id, 1);
    layout.unplaced = change.unplaced;
    layout.lastSchemePageNum = page.num;
    Object.assign(page, { templateId: scheme.id, templateWidth: scheme.width, templateHeight: scheme.height, blocks: reframePlaced(change.blocks, layout, state.photos), changed: true });
    return { pages: [page] };
  },
};
