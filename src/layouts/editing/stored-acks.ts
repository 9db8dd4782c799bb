// What layout_transactions keeps of an applied message's ack, for a replay of its transaction and for the other
// processes' editors: the ack itself when it is small (one page, a few KB), else which pages and parts it answered.
// An undo or redo of an autofill answers every page of the book: 300 KB a row kept 24 hours, 6 MB/s from one visitor.
// Those pages are presented again, from the layout as it is, when a replay or another process asks for them.
import type { AutofillReport } from '../autofill/report';
import type { AppliedChange, EditAck, EditResult } from './messages';
import type { EditingRepository } from './repository';
import type { BatchState, EditedLayout } from './state';

/** Past this size (its JSON) an ack is kept as the parts it answered: well above a one-page ack. */
export const MAX_STORED_ACK_BYTES = 8192;

/** A large ack as stored: its transaction, its version, the pages it answered and whether it answered the layout's delta. */
export interface AnsweredParts {
  transaction_id: string;
  version: number;
  answered: { page_ids: string[]; removed_page_ids: string[]; layout: boolean; autofill?: AutofillReport };
}

type AppliedAck = { transaction_id: string; response_data: AppliedChange; version: number };

export const isAnsweredParts = (stored: object): stored is AnsweredParts => 'answered' in stored;

/** The ack as layout_transactions keeps it. */
export function storedAck(ack: AppliedAck, result: EditResult): AppliedAck | AnsweredParts {
  if (Buffer.byteLength(JSON.stringify(ack)) <= MAX_STORED_ACK_BYTES) return ack;
  return {
    transaction_id: ack.transaction_id, version: ack.version,
    answered: {
      page_ids: result.pages.map((page) => page.id), removed_page_ids: result.removedPageIds ?? [], layout: Boolean(result.layout),
      ...(result.autofill ? { autofill: result.autofill } : {}),
    },
  };
}

/** The ack of stored parts, with its pages as the state holds them now (a page no longer there is left out). */
export function answerAgain(
  stored: AnsweredParts, state: BatchState, layout: EditedLayout,
  present: (state: BatchState, layout: EditedLayout, result: EditResult) => AppliedChange,
): EditAck & AppliedAck {
  const { page_ids: pageIds, removed_page_ids: removedPageIds, layout: answersLayout, autofill } = stored.answered;
  const pages = pageIds.flatMap((id) => state.pages.get(id) ?? []);
  const change = present(state, layout, { pages, removedPageIds, layout: answersLayout, ...(autofill ? { autofill } : {}) });
  return { transaction_id: stored.transaction_id, response_data: change, version: stored.version };
}

/**
 * The state to present stored parts from, outside any batch (another process's editors hear of the change): the
 * layouts and the pages as they are now, with the photos they place and list. Nothing is locked.
 */
export async function stateOfAnswered(repository: EditingRepository, answered: { layoutId: string; ack: AnsweredParts }[], printDpi: number): Promise<BatchState> {
  const layoutIds = [...new Set(answered.map((item) => item.layoutId))];
  const layouts = await repository.readLayouts(layoutIds);
  const { storedSteps: _steps, known: _known, ...rows } = await repository.rows({
    layoutIds, pageIds: [...new Set(answered.flatMap((item) => item.ack.answered.page_ids))], blocks: { layoutIds: [], blockIds: [] },
    wholeLayoutIds: [], schemeIds: [], allSchemes: false, photoIds: [], photoListLayoutIds: layoutIds, backgroundIds: [],
    historyLayoutIds: [], userIds: [], transactions: [],
  });
  return { layouts, ...rows, removedPages: new Set(), history: new Map(), printDpi };
}
