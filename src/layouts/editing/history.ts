// Undo and redo: every operation that changes a book records a step, what it changed before and after (the pages it
// touched, by id, with null for a page that did not exist; and the layout's own fields). A step's "before" holds only
// what changed: the changed fields of the layout and of a page that is there before and after, and of such a page's
// blocks only the changed ones, when its blocks kept their ids and order (an edit of one block stores that block, not
// the page). layout/undo puts the newest step's "before" back, layout/redo the oldest undone step's "after". One
// history per book, shared by its editors: undo steps back the book's last change wherever and by whomever it was
// made, a shared book's editors' changes among them (per-person undo, issue 50, is not built: docs/api.md).
import { invalid } from '../../shared/errors';
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
  return { before: changed, after: null };
}

/** The book now, for the pages a step names: what redo puts back. */
function current(state: BatchState, layoutId: string, pageIds: string[]): BookState {
  const pages = currentPages(state, layoutId);
  return {
    layout: layoutFields(state.layouts.get(layoutId)!),
    pages: Object.fromEntries(pageIds.map((id) => [id, pages.has(id) ? pageFields(pages.get(id)!) : null])),
  };
}

/** Records a new step: the redo branch goes, and the oldest steps past HISTORY_STEPS. */
export function record(log: HistoryLog, step: Omit<HistoryStep, 'step' | 'undone'>): void {
  const redo = log.steps.filter((item) => item.undone);
  if (log.loaded) log.deleted.push(...redo.filter((item) => !item.created).map((item) => item.step));
  else log.dropStoredRedo = true;
  log.steps = log.steps.filter((item) => !item.undone);
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
}

const nothingTo = (what: string) => invalid({ payload: [`Nothing to ${what}.`] }, { code: 'nothing_to_' + what });

export function undo(state: BatchState, layoutId: string): HistoryMove {
  const log = state.history.get(layoutId)!;
  const step = [...log.steps].reverse().find((item) => !item.undone);
  if (!step) throw nothingTo('undo');
  step.undone = true;
  step.flagChanged = true;
  step.after = current(state, layoutId, Object.keys(step.before.pages));
  const pages = restore(state, layoutId, step.before);
  return { pages, removedPageIds: Object.keys(step.before.pages).filter((id) => step.before.pages[id] === null) };
}

export function redo(state: BatchState, layoutId: string): HistoryMove {
  const log = state.history.get(layoutId)!;
  const step = log.steps.find((item) => item.undone);
  if (!step) throw nothingTo('redo');
  const after = step.after!;
  step.undone = false;
  step.flagChanged = true;
  const pages = restore(state, layoutId, after);
  return { pages, removedPageIds: Object.keys(after.pages).filter((id) => after.pages[id] === null) };
}
