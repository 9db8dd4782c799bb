// Each person's own undo (issue 50). A step is its maker's (the owner's: userId null); layout/undo and layout/redo
// move through the sender's steps only. A step is refused with `conflict` when another person changed what it would
// put back since it was last done (undo) or undone (redo): the book stays as it is; a refused undo's step is skipped
// (it stays in the book, its maker's next undo goes to their step before it), a refused redo's step is dropped.
//
// What a step changed, its marks, is read from its "before": a layout field, a whole page (created, removed, or its
// block list replaced), a page's field (num, scheme...), or one block of a page. Undo puts back exactly those; redo
// puts back whole pages and every layout field, so its marks are the pages it names whole and the layout. "Since" is
// by the book's version: each step keeps the version it was last done, undone or redone at.
import type { EditError } from './messages';
import type { BatchState, HistoryLog, HistoryStep } from './state';

interface Mark {
  page?: string;
  /** A page's field; 'blocks' is its whole block list. */
  field?: string;
  block?: string;
  layout?: boolean;
}

/** Whose steps the sender moves through: a member's id, or null for the owner (and for a book edited alone). */
export const personOf = (state: BatchState): number | null => (state.sender?.member ? state.sender.id : null);

const makerOf = (step: HistoryStep): number | null => step.userId ?? null;

/** The sender's steps, oldest first. */
export const ownSteps = (log: HistoryLog, person: number | null) => log.steps.filter((step) => makerOf(step) === person);

/** What a step changed (wide: the pages it names whole and every layout field, as redo puts them back). */
function marksOf(step: HistoryStep, wide = false): Mark[] {
  const marks: Mark[] = wide ? [{ layout: true }] : Object.keys(step.before.layout).map((field) => ({ layout: true, field }));
  for (const [page, change] of Object.entries(step.before.pages)) {
    if (wide || change === null || 'id' in change) {
      marks.push({ page });
      continue;
    }
    const { changedBlocks, ...fields } = change;
    for (const field of Object.keys(fields)) marks.push({ page, field });
    for (const block of Object.keys(changedBlocks ?? {})) marks.push({ page, block });
  }
  return marks;
}

function overlap(a: Mark, b: Mark): boolean {
  if (a.layout || b.layout) return Boolean(a.layout && b.layout && (!a.field || !b.field || a.field === b.field));
  if (a.page !== b.page) return false;
  if ((!a.field && !a.block) || (!b.field && !b.block)) return true;
  if (a.block && b.block) return a.block === b.block;
  if (a.field && b.field) return a.field === b.field;
  return (a.field ?? b.field) === 'blocks';
}

/** What another person changed since the step's last move that the step would put back; undefined when nothing. */
export function conflictOf(log: HistoryLog, step: HistoryStep, wide: boolean): EditError | undefined {
  const mine = marksOf(step, wide);
  const since = step.version ?? 0;
  const pages = new Set<string>();
  const blocks = new Set<string>();
  let layout = false;
  for (const other of log.steps) {
    if (makerOf(other) === makerOf(step) || (other.version ?? 0) <= since) continue;
    for (const theirs of marksOf(other)) {
      for (const ours of mine.filter((mark) => overlap(mark, theirs))) {
        if (ours.layout) layout = true;
        if (theirs.page ?? ours.page) pages.add((theirs.page ?? ours.page)!);
        if (theirs.block ?? ours.block) blocks.add((theirs.block ?? ours.block)!);
      }
    }
  }
  if (pages.size === 0 && !layout) return undefined;
  return {
    code: 'conflict',
    message: 'Someone else changed this since; nothing was changed, and your next undo goes to your change before it.',
    pages: [...pages], blocks: [...blocks], ...(layout ? { layout: true } : {}),
  };
}

/** The book's version the move being applied makes (the editor counts it once the operation is applied). */
export const movingVersion = (state: BatchState, layoutId: string) => state.layouts.get(layoutId)!.version + 1;
