// Applies editing messages with group commit: the messages that arrive while a transaction runs are applied together
// in the next one, but a layout locked by another transaction holds up only its own messages (layout-queues.ts).
// Every change and its transaction record commit before any of their acks is sent. A transaction waits for a layout's
// row lock at most lockTimeoutMs and for any statement at most statementTimeoutMs; its messages are then answered
// server_error.
import type { Logger } from 'pino';
import type { EditingConfig } from '../../config';
import type { Database } from '../../db/database';
import type { MediaStorage } from '../../media/storage';
import { ServiceError } from '../../shared/errors';
import type { AuthenticatedUser } from '../../shared/user';
import { type PresentedPage, presentPage } from '../presenters';
import { canRead, canWrite, isFrozen } from '../service';
import { type EditAck, editErrorOf, errorAck, type ParsedMessage } from './messages';
import { createLayoutQueues } from './layout-queues';
import { type AppliedTransaction, appliedKey, createEditingRepository } from './repository';
import type { BatchState, EditedPage } from './state';

export interface LayoutChange {
  layout_id: string;
  version: number;
  page: PresentedPage;
}

export interface EditOutcome {
  ack: EditAck;
  /** What the layout's other editors are told, when the message changed something. */
  change?: LayoutChange;
}

/** A committed change and the connection it came from (which is answered by its ack, not told again). */
export interface PublishedChange {
  change: LayoutChange;
  origin: string | undefined;
}

/** Who sends a message: the user as their connection knew them, and the token version their token was issued under. */
export interface EditingUser extends AuthenticatedUser {
  tokenVersion: number;
}

interface EditRequest {
  user: EditingUser;
  parsed: ParsedMessage;
  origin: string | undefined;
}

// Bounds one transaction's size; more waiting messages go in the next one.
const MAX_BATCH = 256;
// Editing transactions at once: each holds one of the pool's connections (10), and the REST API needs the others.
const CONCURRENT_TRANSACTIONS = 4;
// lock_not_available (lock_timeout) and query_canceled (statement_timeout): waiting longer is what they forbid, so
// the batch's messages are answered at once instead of being tried again one by one.
const TIMEOUT_CODES = new Set(['55P03', '57014']);

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * publish: called once per committed batch with all of its changes, before any of its acks is resolved, so that the
 * changes and the acks of one batch can leave together.
 */
export function createLayoutEditor(deps: {
  db: Database; media: MediaStorage; log: Logger; publish?: (changes: PublishedChange[]) => void; limits: EditingConfig;
}) {
  const { db, media, log, publish = () => undefined, limits } = deps;

  /** One message against the batch's state; records what it applied in `applied` and `known`. */
  function decide(
    { user: sender, parsed }: EditRequest, state: BatchState,
    known: Map<string, { messageHash: string; ack: object }>, applied: AppliedTransaction[],
  ): EditOutcome {
    const transactionId = parsed.message.transaction_id;
    // The account as it is now, not as it was when the connection opened: a deletion, a logout or a role change
    // takes effect on the next message even before the connection is closed.
    const account = state.accounts.get(sender.id);
    if (!account || account.tokenVersion !== sender.tokenVersion) return { ack: errorAck(transactionId, 'invalid_token', 'Invalid token.') };
    const user: AuthenticatedUser = { id: sender.id, role: account.role };
    // Access first: an ack, even a replayed one, is only ever answered to someone who may change the layout.
    const layout = state.layouts.get(parsed.layoutId);
    if (!layout || !canRead(user, layout)) return { ack: errorAck(transactionId, 'not_found', 'Layout not found.') };
    if (!canWrite(user, layout)) return { ack: errorAck(transactionId, 'forbidden', 'You may read this layout but not change it.') };
    const key = appliedKey(user.id, transactionId);
    const prior = known.get(key);
    if (prior) {
      return prior.messageHash === parsed.hash
        ? { ack: prior.ack as EditAck }
        : { ack: errorAck(transactionId, 'transaction_conflict', 'This transaction_id was already used for another message.') };
    }
    if (layout.status === 'DELETED') return { ack: errorAck(transactionId, 'forbidden', 'The layout is in the bin: restore it to edit it.') };
    if (isFrozen(layout)) return { ack: errorAck(transactionId, 'forbidden', 'The layout is in an order and can no longer change.') };
    let result: EditedPage;
    try {
      result = parsed.operation.apply(state, parsed.message);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const { code, message } = editErrorOf(error);
      return { ack: errorAck(transactionId, code, message) };
    }
    const page = presentPage(result, media);
    const ack: EditAck = { transaction_id: transactionId, response_data: { data: page }, version: layout.version };
    known.set(key, { messageHash: parsed.hash, ack });
    applied.push({ transactionId, layoutId: layout.id, userId: user.id, messageHash: parsed.hash, ack });
    return { ack, change: { layout_id: layout.id, version: layout.version, page } };
  }

  /**
   * One transaction for the batch. waitForLocks false: layouts another transaction holds are skipped, and their
   * messages' outcomes left undefined (they are run again in a batch that waits).
   */
  const runBatch = (batch: EditRequest[], waitForLocks: boolean): Promise<(EditOutcome | undefined)[]> => db.transaction(async (tx) => {
    const repository = createEditingRepository(tx.sql);
    await repository.limitTransaction(limits.lockTimeoutMs, limits.statementTimeoutMs);
    const layouts = await repository.lockLayouts(unique(batch.map(({ parsed }) => parsed.layoutId)), waitForLocks);
    const taken = waitForLocks ? batch : batch.filter(({ parsed }) => layouts.has(parsed.layoutId));
    const targets = taken.map(({ parsed }) => parsed.operation.targets(parsed.message));
    const { pages, schemes, accounts, known } = await repository.rows(unique(targets.flatMap((target) => target.pageIds)),
      unique(targets.flatMap((target) => target.schemeIds)), unique(taken.map(({ user }) => user.id)),
      unique(taken.map(({ parsed }) => parsed.message.transaction_id)));
    const state: BatchState = { layouts, pages, schemes, accounts };
    const applied: AppliedTransaction[] = [];
    const outcomes = batch.map((request) =>
      (waitForLocks || layouts.has(request.parsed.layoutId) ? decide(request, state, known, applied) : undefined));
    await repository.write(state, applied);
    return outcomes;
  });

  /** A failed batch (say, a transaction_id applied at the same moment by another process) is retried message by message. */
  async function settle(batch: EditRequest[], waitForLocks: boolean): Promise<(EditOutcome | undefined)[]> {
    try {
      return await runBatch(batch, waitForLocks);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
        log.warn({ err: error, layoutId: batch[0].parsed.layoutId, messages: batch.length }, 'editing batch timed out');
        return batch.map(({ parsed }) => ({
          ack: errorAck(parsed.message.transaction_id, 'server_error', 'The layout is busy with another change; nothing was changed, send the message again.'),
        }));
      }
      if (batch.length > 1) {
        const outcomes: (EditOutcome | undefined)[] = [];
        for (const request of batch) outcomes.push(...(await settle([request], waitForLocks)));
        return outcomes;
      }
      log.error({ err: error, transactionId: batch[0].parsed.message.transaction_id }, 'editing message failed');
      return [{ ack: errorAck(batch[0].parsed.message.transaction_id, 'server_error', 'The change could not be saved; send it again.') }];
    }
  }

  type Pending = { request: EditRequest; resolve: (outcome: EditOutcome) => void };

  /** Answers the batch's messages, but for those of layouts it skipped, which it returns. */
  async function runAndAnswer(batch: Pending[], waitForLocks: boolean): Promise<Pending[]> {
    const outcomes = await settle(batch.map((item) => item.request), waitForLocks);
    const changes = outcomes.flatMap((outcome, index) =>
      (outcome?.change ? [{ change: outcome.change, origin: batch[index].request.origin }] : []));
    if (changes.length > 0) {
      try {
        publish(changes);
      } catch (error) {
        log.error({ err: error }, 'publishing layout changes failed');
      }
    }
    batch.forEach((item, index) => outcomes[index] && item.resolve(outcomes[index]));
    return batch.filter((_item, index) => !outcomes[index]);
  }

  const queues = createLayoutQueues<Pending>({
    perLayout: limits.queuePerLayout, concurrency: CONCURRENT_TRANSACTIONS, maxBatch: MAX_BATCH, run: runAndAnswer,
  });

  return {
    /** Resolves once the message's change is committed (or refused); never rejects. origin: the sender's connection id. */
    submit(user: EditingUser, parsed: ParsedMessage, origin?: string): Promise<EditOutcome> {
      return new Promise((resolve) => {
        if (queues.add(parsed.layoutId, { request: { user, parsed, origin }, resolve })) return;
        resolve({ ack: errorAck(parsed.message.transaction_id, 'rate_limited', `More than ${limits.queuePerLayout} messages are waiting for this layout.`) });
      });
    },
  };
}

export type LayoutEditor = ReturnType<typeof createLayoutEditor>;
