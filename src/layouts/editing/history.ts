// Undo and redo: every operation that changes a book records a step, what it changed before and after (the pages it
// touched, by id, with null for a page that did not exist; and the layout's own fields). A step's "before" holds only
// what changed: the changed fields of the layout and of a page that is there before and after, and of such a page's
// blocks only the changed ones, when its blocks kept their ids and order (an edit of one block stores that block, not
// the page). layout/undo puts the sender's newest step's "before" back, layout/redo their oldest undone step's
// "after". Each person has their own undo (issue 50, own-undo.ts): a step is its maker's, and a step another person
// changed the same things after is refused with `conflict`. A book edited by its owner alone has one history, as ever.
import { invalid } from '../../shared/errors';
import type { EditError } from './messages';
import { conflictOf, movingVersion, ownSteps, personOf } from './own-undo';
import type { BatchState, BookState, EditedLayout, EditedPage, HistoryLog, HistoryStep, LayoutFields, PageChange, PageFields } from './state';

/** Steps kept per book at least, counted (not numbered); older ones are dropped as new ones come (20 at a time: repository.ts). */
export const HISTORY_STEPS = 100;

const clone = <T>(value: T): T => structuredClone(value);

// Operations never change a block list, a block or a layout's list in place: they put new ones in their place. So a
// snapshot holds references (no copy per edit), and a field that is the same reference afterwards did not change.
function pageFields(page: EditedPage): PageFields {
  const { changed: _changed, created: _created, layoutId: _layout, ...fields } = page;
  return fields;
}

const layoutFields = (layout: EditedLayout): LayoutFields => ({
  lastSchemePageNum: layout.lastSchemePageNum, schemeThemeRel: layout.schemeThemeRel, unplaced: layout.unplaced,
  numPages: layout.numPages, photoIds: layout.photoIds,
});

/** Whether two snapshots of a page or of a layout's fields hold the same values (field by field, by reference). */
function same<T extends object>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The fields of `was` that `now` holds otherwise (by reference), with the values `was` had. */
function changedFields<T extends object>(was: T, now: T): Partial<T> {
  return Object.fromEntries(Object.entries(was).filter(([key, value]) => now[key as keyof T] !== value)) as Partial<T>;
}

/** What a page there before and after the step was, as far as the step changed it (a PageChange). */
function pageChange(was: PageFields, now: PageFields): PageChange {
  const { blocks, ...rest } = changedFields(was, now);
  if (!blocks) return rest;
  const sameIds = was.blocks.length === now.blocks.length && was.blocks.every((block, at) => block.id === now.blocks[at].id);
  if (!sameIds) return { ...rest, blocks };
  const changedBlocks = Object.fromEntries(was.blocks.filter((block, at) => block !== now.blocks[at]).map((block) => [block.id, block]));
  return { ...rest, changedBlocks };
}

/** The layout's loaded pages now, by id. */
export function currentPages(state: BatchState, layoutId: string): Map<string, EditedPage> {
  return new Map([...state.pages.values()]
    .filter((page) => page.layoutId === layoutId && !state.removedPages.has(page.id)).map((page) => [page.id, page]));
}

/** The layout's fields and its loaded pages, whole, by reference. */
export interface Snapshot {
  layout: LayoutFields;
  pages: Record<string, PageFields>;
}

/** What a message may change, taken before it is applied. */
export function snapshot(state: BatchState, layoutId: string): Snapshot {
  const pages: Snapshot['pages'] = {};
  for (const [id, page] of currentPages(state, layoutId)) pages[id] = pageFields(page);
  return { layout: layoutFields(state.layouts.get(layoutId)!), pages };
}

/**
 * The step from `before` to the state now: the pages that differ, as they were, or undefined when nothing did. Its
 * "after" is not kept: while the step is the newest not undone, the book is in that state, so undo takes it then
 * (half the bytes written per edit).
 */
export function stepSince(state: BatchState, layoutId: string, before: Snapshot): Omit<HistoryStep, 'step' | 'undone'> | undefined {
  const after = snapshot(state, layoutId);
  const changed: BookState = { layout: changedFields(before.layout, after.layout), pages: {} };
  for (const id of new Set([...Object.keys(before.pages), ...Object.keys(after.pages)])) {
    const was = before.pages[id] ?? null;
    const now = after.pages[id] ?? null;
    if (same(was, now)) continue;
    changed.pages[id] = was === null || now === null ? was : pageChange(was, now);
  }
  if (Object.keys(changed.layout).length === 0 && Object.keys(changed.pages).length === 0) return undefined;
  // Called once the editor has counted the change in the layout's version.
  return { before: changed, after: null, userId: personOf(state), version: state.layouts.get(layoutId)!.version };
}

/** The book now, for the pages a step names: what redo puts back. */
function current(state: BatchState, layoutId: string, pageIds: string[]): BookState {
  const pages = currentPages(state, layoutId);
  return {
    layout: layoutFields(state.layouts.get(layoutId)!),
    pages: Object.fromEntries(pageIds.map((id) => [id, pages.has(id) ? pageFields(pages.get(id)!) : null])),
  };
}

/** Records a new step: its maker's redo branch goes (no one else's), and the oldest steps past HISTORY_STEPS. */
export function record(log: HistoryLog, step: Omit<HistoryStep, 'step' | 'undone'>): void {
  const person = step.userId ?? null;
  const redo = ownSteps(log, person).filter((item) => item.undone);
  if (log.loaded) log.deleted.push(...redo.filter((item) => !item.created).map((item) => item.step));
  else if (person === null) log.dropStoredRedo = true;
  else log.dropMembersRedo = [...new Set([...(log.dropMembersRedo ?? []), person])];
  log.steps = log.steps.filter((item) => !redo.includes(item));
  log.lastStep += 1;
  log.steps.push({ ...step, step: log.lastStep, undone: false, created: true });
}

/**
 * Puts a recorded state back: pages to their fields (re-created or removed as they were; a PageChange onto the page
 * as it is, which the step left it), the layout's fields.
 */
function restore(state: BatchState, layoutId: string, book: BookState): EditedPage[] {
  const layout = state.layouts.get(layoutId)!;
  Object.assign(layout, clone(book.layout), { changed: true });
  const restored: EditedPage[] = [];
  for (const [id, fields] of Object.entries(book.pages)) {
    if (fields === null) {
      state.removedPages.add(id);
      continue;
    }
    const existing = state.pages.get(id);
    // A whole page carries its id; a PageChange applies to the page the book has now (undo and redo go step by step).
    const whole = 'id' in fields;
    if (!whole && (!existing || state.removedPages.has(id))) throw new Error(`undo history names page ${id}, which the book does not have`);
    state.removedPages.delete(id);
    const { changedBlocks, ...rest } = clone(fields) as PageChange;
    const page: EditedPage = {
      ...(whole ? {} : existing!), ...(rest as PageFields), layoutId, changed: true, created: existing ? existing.created : true,
    };
    if (changedBlocks) page.blocks = existing!.blocks.map((block) => changedBlocks[block.id] ?? block);
    state.pages.set(id, page);
    restored.push(page);
  }
  return restored;
}

export interface HistoryMove {
  pages: EditedPage[];
  removedPageIds: string[];
  /** Refused (conflict): the book is as it was, the step skipped (undo) or dropped (redo). */
  refused?: EditError;
}

const nothingTo = (what: string) => invalid({ payload: [`Nothing to ${what}.`] }, { code: 'nothing_to_' + what });

export function undo(state: BatchState, layoutId: string): HistoryMove {
  const log = state.history.get(layoutId)!;
  const step = ownSteps(log, personOf(state)).reverse().find((item) => !item.undone && !item.skipped);
  if (!step) throw nothingTo('undo');
  step.flagChanged = true;
  const refused = conflictOf(log, step, false);
  if (refused) {
    step.skipped = true;
    return { pages: [], removedPageIds: [], refused };
  }
  step.undone = true;
  step.version = movingVersion(state, layoutId);
  step.after = current(state, layoutId, Object.keys(step.before.pages));
  const pages = restore(state, layoutId, step.before);
  return { pages, removedPageIds: Object.keys(step.before.pages).filter((id) => step.before.pages[id] === null) };
}

export function redo(state: BatchState, layoutId: string): HistoryMove {
  const log = state.history.get(layoutId)!;
  const step = ownSteps(log, personOf(state)).find((item) => item.undone);
  if (!step) throw nothingTo('redo');
  const refused = conflictOf(log, step, true);
  if (refused) {
    log.steps = log.steps.filter((item) => item !== step);
    if (!step.created) log.deleted.push(step.step);
    return { pages: [], removedPageIds: [], refused };
  }
  const after = step.after!;
  step.undone = false;
  step.flagChanged = true;
  step.version = movingVersion(state, layoutId);
  const pages = restore(state, layoutId, after);
  return { pages, removedPageIds: Object.keys(after.pages).filter((id) => after.pages[id] === null) };
}
