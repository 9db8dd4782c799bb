// Applies editing messages with group commit: the messages that arrive while a transaction runs are applied
// together in the next one. Every change and its transaction record commit before any of their acks is sent.
import type { Logger } from 'pino';
import type { AuthenticatedUser } from '../../auth/token-user';
import type { Database } from '../../db/database';
import type { MediaStorage } from '../../media/storage';
import { type PresentedPage, presentPage } from '../presenters';
import { canRead, canWrite, isFrozen } from '../service';
import { type EditAck, errorAck, type ParsedMessage } from './messages';
import { type AppliedTransaction, appliedKey, createEditingRepository } from './repository';
import type { BatchState } from './state';

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

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * publish: called once per committed batch with all of its changes, before any of its acks is resolved, so that the
 * changes and the acks of one batch can leave together.
 */
export function createLayoutEditor(deps: {
  db: Database; media: MediaStorage; log: Logger; publish?: (changes: PublishedChange[]) => void;
}) {
  const { db, media, log, publish = () => undefined } = deps;

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
    const result = parsed.operation.apply(state, parsed.message);
    if ('code' in result) return { ack: errorAck(transactionId, result.code, result.message) };
    const page = presentPage(result, media);
    const ack: EditAck = { transaction_id: transactionId, response_data: { data: page }, version: layout.version };
    known.set(key, { messageHash: parsed.hash, ack });
    applied.push({ transactionId, layoutId: layout.id, userId: user.id, messageHash: parsed.hash, ack });
    return { ack, change: { layout_id: layout.id, version: layout.version, page } };
  }

  const runBatch = (batch: EditRequest[]): Promise<EditOutcome[]> => db.transaction(async (tx) => {
    const repository = createEditingRepository(tx.sql);
    const targets = batch.map(({ parsed }) => parsed.operation.targets(parsed.message));
    const state: BatchState = {
      layouts: await repository.lockLayouts(unique(targets.map((target) => target.layoutId))),
      pages: await repository.pages(unique(targets.flatMap((target) => target.pageIds))),
      schemes: await repository.schemes(unique(targets.flatMap((target) => target.schemeIds))),
      accounts: await repository.accounts(unique(batch.map(({ user }) => user.id))),
    };
    const known = await repository.appliedTransactions(unique(batch.map(({ parsed }) => parsed.message.transaction_id)));
    const applied: AppliedTransaction[] = [];
    const outcomes = batch.map((request) => decide(request, state, known, applied));
    await repository.write(state, applied);
    return outcomes;
  });

  /** A failed batch (say, a transaction_id applied at the same moment by another process) is retried message by message. */
  async function settle(batch: EditRequest[]): Promise<EditOutcome[]> {
    try {
      return await runBatch(batch);
    } catch (error) {
      if (batch.length > 1) {
        const outcomes: EditOutcome[] = [];
        for (const request of batch) outcomes.push(...(await settle([request])));
        return outcomes;
      }
      log.error({ err: error, transactionId: batch[0].parsed.message.transaction_id }, 'editing message failed');
      return [{ ack: errorAck(batch[0].parsed.message.transaction_id, 'server_error', 'The change could not be saved; send it again.') }];
    }
  }

  const pending: { request: EditRequest; resolve: (outcome: EditOutcome) => void }[] = [];
  let running = false;

  // A batch starts on the next turn of the event loop, once every message read in this turn is pending. (PGlite
  // answers within microtasks, so starting at once would commit each message alone while the others wait unread.)
  const startSoon = () => {
    if (running) return;
    running = true;
    setImmediate(() => void pump());
  };

  async function pump(): Promise<void> {
    try {
      while (pending.length > 0) {
        const batch = pending.splice(0, MAX_BATCH);
        const outcomes = await settle(batch.map((item) => item.request));
        const changes = outcomes.flatMap((outcome, index) =>
          (outcome.change ? [{ change: outcome.change, origin: batch[index].request.origin }] : []));
        if (changes.length > 0) {
          try {
            publish(changes);
          } catch (error) {
            log.error({ err: error }, 'publishing layout changes failed');
          }
        }
        batch.forEach((item, index) => item.resolve(outcomes[index]));
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Resolves once the message's change is committed (or refused); never rejects. origin: the sender's connection id. */
    submit(user: EditingUser, parsed: ParsedMessage, origin?: string): Promise<EditOutcome> {
      return new Promise((resolve) => {
        pending.push({ request: { user, parsed, origin }, resolve });
        startSoon();
      });
    },
  };
}

export type LayoutEditor = ReturnType<typeof createLayoutEditor>;
