// layout/finish: the owner marks the book finished, ready to order (the shop's front end shows it COMPLETED and offers
// "Заказать"). The editor runs the book's preflight before the message is queued (it draws, so it cannot run inside
// the batch's transaction) and refuses a book with errors; the batch applies the finish only when the book is still
// at the version that preflight saw. Any later edit makes the book unfinished again (editor.ts).
import type { Database } from '../../db/database';
import type { Preflight, PreflightOf } from '../../shared/preflight';
import { createLayoutPreflight } from '../preflight/service';
import { type EditAck, type EditOperation, errorAck, type FinishCheck } from './messages';

/** The preflight layout/finish runs: the service's as the cart and the confirmation run it (page ranges too), given. */
export const finishPreflight = (deps: { db: Database; printDpi: number; preflightOf?: PreflightOf }): PreflightOf =>
  deps.preflightOf ?? createLayoutPreflight({ db: deps.db, printDpi: deps.printDpi }).check;

/** The preflight's errors, each with its page's number, as preflight_failed carries them. */
export const preflightErrors = (preflight: Preflight) => preflight.pages.flatMap((page) =>
  page.problems.filter((problem) => problem.severity === 'error').map((problem) => ({ num: page.num, ...problem })));

/**
 * Why a layout/finish is not applied: the book changed after its preflight (stale: the editor checks it again), or
 * the preflight found errors (preflight_failed with them). Undefined when it may be applied.
 */
export function finishRefusal(check: FinishCheck, version: number, transactionId: string): { ack: EditAck; stale?: boolean } | undefined {
  if (check.version !== version) {
    return { ack: errorAck(transactionId, 'server_error', 'The book changed while it was checked; send the message again.'), stale: true };
  }
  const problems = preflightErrors(check.preflight);
  if (problems.length === 0) return undefined;
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return { ack: { transaction_id: transactionId, error: { code: 'preflight_failed', message: `The book cannot be printed as it is: ${count} to fix first.`, problems } } };
}

export const finishLayout: EditOperation<'layout-finish.json'> = {
  schemaId: 'layout-finish.json',
  finishes: true,
  // Its answer carries the layout's delta, photo list included.
  targets: (message) => ({ layoutId: message.params.layout_id, photoList: true }),
  apply(state, message) {
    state.layouts.get(message.params.layout_id)!.finished = true;
    return { pages: [], layout: true };
  },
};
