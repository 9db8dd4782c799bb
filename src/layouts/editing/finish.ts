// layout/finish: the owner marks the book finished, ready to order (the shop's front end shows it COMPLETED and offers
// "Заказать"). The editor runs the book's preflight before the message is queued (it draws, so it cannot run inside
// the batch's transaction) and refuses a book with errors; the batch applies the finish only when the book is still
// at the version that preflight saw. Any later edit makes the book unfinished again (editor.ts).
import type { Preflight } from '../../shared/preflight';
import type { EditMessage, EditOperation } from './messages';

/** The preflight's errors, each with its page's number, as preflight_failed carries them. */
export const preflightErrors = (preflight: Preflight) => preflight.pages.flatMap((page) =>
  page.problems.filter((problem) => problem.severity === 'error').map((problem) => ({ num: page.num, ...problem })));

const layoutIdOf = (message: EditMessage) => (message.params as { layout_id: string }).layout_id;

export const finishLayout: EditOperation = {
  schemaId: 'layout-finish.json',
  finishes: true,
  // Its answer carries the layout's delta, photo list included.
  targets: (message) => ({ layoutId: layoutIdOf(message), photoList: true }),
  apply(state, message) {
    state.layouts.get(layoutIdOf(message))!.finished = true;
    return { pages: [], layout: true };
  },
};
