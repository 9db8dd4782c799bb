// Applies editing messages with group commit: the messages that arrive while a transaction runs are applied together
// in the next one, but a layout locked by another transaction holds up only its own messages (layout-queues.ts).
// Every change and its transaction record commit before any of their acks is sent. A transaction waits for a layout's
// row lock at most lockTimeoutMs and for any statement at most statementTimeoutMs; its messages are then answered
// server_error.
import type { Logger } from 'pino';
import type { EditingConfig } from '../../config';
import type { Database } from '../../db/database';
import type { MediaStorage } from '../../media/storage';
import type { PhotoLinks } from '../../photos/photo-links';
import { ServiceError } from '../../shared/errors';
import type { PreflightOf } from '../../shared/preflight';
import type { AuthenticatedUser } from '../../shared/user';
import { type PlacedPhotosView, presentLayoutDelta, presentPage } from '../presenters';
import type { TextImageLink } from '../text-images';
import { isFrozen } from '../service';
import { accessRefusal, isBookPhoto, memberRolesOf } from './edit-access';
import { changeNotices, type NoticedTransaction } from './change-notices';
import { finishPreflight, finishRefusal } from './finish';
import { keptRefusal } from './kept-refusal';
import { record, snapshot, stepSince } from './history';
import { type AppliedChange, type EditAck, editErrorOf, type EditResult, errorAck, type ParsedMessage } from './messages';
import { createLayoutQueues } from './layout-queues';
import type { BatchReads } from './batch-statements';
import { type AppliedTransaction, appliedKey, createEditingRepository } from './repository';
import { answerAgain, isAnsweredParts, stateOfAnswered, storedAck } from './stored-acks';
import type { BatchState, EditedLayout, HistoryLog } from './state';

/** What the layout's other editors are told (schemas/layout-changed.json): the ack's change, and the layout's id and version. */
export type LayoutChange = { layout_id: string; version: number; page?: AppliedChange['data'] } & Omit<AppliedChange, 'data'>;

export interface EditOutcome {
  ack: EditAck;
  /** What the layout's other editors are told, when the message changed something. */
  change?: LayoutChange;
  /** A layout/finish whose book changed after its preflight: checked again (finish.ts). */
  stale?: boolean;
}

/** A committed change and the connection it came from (which is answered by its ack, not told again). */
export interface PublishedChange {
  change: LayoutChange;
  origin: string | undefined;
}

/** What the layout's other editors are told of an applied message: its ack's change, with the layout's id and version. */
function changeOf(layoutId: string, ack: { response_data: AppliedChange; version: number }): LayoutChange {
  const { data, ...rest } = ack.response_data;
  return { layout_id: layoutId, version: ack.version, ...(data ? { page: data } : {}), ...rest };
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
// A layout/finish whose book is edited between its preflight and its batch this many times in a row is answered
// server_error (send it again) rather than checked for ever.
const FINISH_CHECKS = 3;

const unique = <T>(values: T[]) => [...new Set(values)];

/** Every row the batch's messages need, read in one round trip. */
function readsOf(batch: EditRequest[]): BatchReads {
  const targets = batch.map(({ parsed }) => parsed.operation.targets(parsed.message));
  const layoutsWhere = (wanted: (target: (typeof targets)[number]) => unknown) =>
    unique(targets.filter(wanted).map((target) => target.layoutId));
  return {
    layoutIds: unique(targets.map((target) => target.layoutId)),
    pageIds: unique(targets.flatMap((target) => target.pageIds ?? [])),
    blocks: { layoutIds: layoutsWhere((target) => target.blockIds?.length), blockIds: unique(targets.flatMap((target) => target.blockIds ?? [])) },
    wholeLayoutIds: layoutsWhere((target) => target.wholeLayout || target.history),
    schemeIds: unique(targets.flatMap((target) => target.schemeIds ?? [])),
    allSchemes: targets.some((target) => target.allSchemes),
    photoIds: unique(targets.flatMap((target) => target.photoIds ?? [])),
    // The operations that answer the layout's delta (its photo list among it) read the list's photos.
    photoListLayoutIds: layoutsWhere((target) => target.photoList || target.history || target.wholeLayout),
    backgroundIds: unique(targets.flatMap((target) => target.backgroundIds ?? [])),
    historyLayoutIds: layoutsWhere((target) => target.history),
    userIds: unique(batch.map(({ user }) => user.id)),
    transactions: batch.map(({ user, parsed }) => ({ userId: user.id, transactionId: parsed.message.transaction_id })),
  };
}

/**
 * publish: called once per committed batch with all of its changes, before any of its acks is resolved, so that the
 * changes and the acks of one batch can leave together. noticesFrom: this process's id, when other processes serve
 * the channel too: each batch then sends them its change notices (change-notices.ts) at commit.
 */
export function createLayoutEditor(deps: {
  db: Database; media: MediaStorage; log: Logger; publish?: (changes: PublishedChange[]) => void; limits: EditingConfig;
  photoLinks: Pick<PhotoLinks, 'image' | 'original'>; printDpi: number; noticesFrom?: string; textImage?: TextImageLink;
  preflightOf?: PreflightOf;
}) {
  const { db, media, log, publish = () => undefined, limits, photoLinks, printDpi, noticesFrom, textImage } = deps;
  const preflightOf = finishPreflight(deps);

  /** The answer to an applied message: its pages presented with their placed photos, and the layout's delta. */
  function present(state: BatchState, layout: EditedLayout, result: EditResult): AppliedChange {
    // Links are signed for the book's owner's photos only (a copy made before copies dropped another owner's).
    const ownPhotos = new Map([...state.photos].filter(([, photo]) => isBookPhoto(state, layout, photo)));
    const placed: PlacedPhotosView = {
      photos: ownPhotos, links: photoLinks, printDpi, fontSizePt: layout.fontSize,
      pageMm: layout.format ? { width: layout.format.widthCm * 10, height: layout.format.heightCm * 10 } : null,
    };
    const pages = result.pages.map((page) => presentPage(page, media, placed, textImage));
    const change: AppliedChange = { data: pages.length === 1 ? pages[0] : null };
    if (pages.length > 1) change.pages = pages;
    if (result.removedPageIds?.length) change.removed_page_ids = result.removedPageIds;
    if (result.layout) change.layout = presentLayoutDelta(layout, placed);
    if (result.autofill) change.autofill = result.autofill;
    return change;
  }

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
    const refused = accessRefusal(user, layout, state, parsed.message);
    if (!layout || refused) return { ack: errorAck(transactionId, refused?.code ?? 'not_found', refused?.message ?? 'Layout not found.') };
    const key = appliedKey(user.id, transactionId);
    const prior = known.get(key);
    if (prior) {
      if (prior.messageHash !== parsed.hash) {
        return { ack: errorAck(transactionId, 'transaction_conflict', 'This transaction_id was already used for another message.') };
      }
      // The replay reads what the message read (for a large ack: the whole layout), so its pages are in the state.
      return { ack: isAnsweredParts(prior.ack) ? answerAgain(prior.ack, state, layout, present) : prior.ack as EditAck };
    }
    if (layout.status === 'DELETED') return { ack: errorAck(transactionId, 'forbidden', 'The layout is in the bin: restore it to edit it.') };
    if (isFrozen(layout)) return { ack: errorAck(transactionId, 'forbidden', 'The layout is in an order and can no longer change.') };
    const refusal = parsed.operation.finishes && parsed.finishCheck ? finishRefusal(parsed.finishCheck, layout.version, transactionId) : undefined;
    if (refusal) return refusal;
    const wasFinished = layout.finished;
    const before = parsed.operation.movesHistory ? undefined : snapshot(state, layout.id);
    state.sender = { id: user.id, member: layout.ownerId !== user.id };
    let result: EditResult;
    try {
      result = parsed.operation.apply(state, parsed.message);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const { code, message } = editErrorOf(error);
      return { ack: errorAck(transactionId, code, message) };
    }
    if (result.refused) return keptRefusal(result.refused, { transactionId, layoutId: layout.id, userId: user.id, messageHash: parsed.hash }, known, applied);
    // Every change but a finish makes the book unfinished again, and the answer says so.
    if (!parsed.operation.finishes) layout.finished = false;
    if (layout.finished !== wasFinished) result.layout = true;
    // Every change is a new version and (but for undo and redo themselves) a step of the book's history.
    layout.version += 1;
    layout.changed = true;
    const step = before && stepSince(state, layout.id, before);
    if (step) record(state.history.get(layout.id)!, step);
    const change = present(state, layout, result);
    const ack: EditAck = { transaction_id: transactionId, response_data: change, version: layout.version };
    known.set(key, { messageHash: parsed.hash, ack });
    applied.push({ transactionId, layoutId: layout.id, userId: user.id, messageHash: parsed.hash, ack: storedAck(ack, result) });
    return { ack, change: changeOf(layout.id, ack) };
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
    const reads = readsOf(taken);
    const { storedSteps, known, ...rows } = await repository.rows(reads);
    const members = await memberRolesOf(tx.sql, layouts, taken.map(({ user, parsed }) => ({ userId: user.id, layoutId: parsed.layoutId })), rows.photos);
    const state: BatchState = { layouts, ...rows, removedPages: new Set(), history: new Map(), printDpi, members };
    for (const layout of layouts.values()) {
      const loaded = reads.historyLayoutIds.includes(layout.id);
      const log: HistoryLog = { loaded, lastStep: layout.lastStep, steps: loaded ? storedSteps.get(layout.id) ?? [] : [], dropStoredRedo: false, deleted: [] };
      state.history.set(layout.id, log);
    }
    const applied: AppliedTransaction[] = [];
    const outcomes = batch.map((request) =>
      (waitForLocks || layouts.has(request.parsed.layoutId) ? decide(request, state, known, applied) : undefined));
    await repository.write(state, applied, noticesFrom === undefined ? [] : changeNotices(noticesFrom, applied));
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

  const queue = (user: EditingUser, parsed: ParsedMessage, origin: string | undefined) => new Promise<EditOutcome>((resolve) => {
    if (queues.add(parsed.layoutId, { request: { user, parsed, origin }, resolve })) return;
    resolve({ ack: errorAck(parsed.message.transaction_id, 'rate_limited', `More than ${limits.queuePerLayout} messages are waiting for this layout.`) });
  });

  /**
   * A layout/finish: the book's preflight at its current version, then the message (whose batch checks access, a
   * replay and that the version is still the one checked, before anything of the preflight is answered).
   */
  async function checkAndQueue(user: EditingUser, parsed: ParsedMessage, origin: string | undefined): Promise<EditOutcome> {
    const version = await createEditingRepository(db.sql).versionOf(parsed.layoutId);
    const preflight = version === undefined ? undefined : await preflightOf(parsed.layoutId);
    // No such layout, or one without a format to print at: the batch answers not_found or finishes it unchecked.
    const finishCheck = version === undefined || !preflight ? undefined : { version, preflight };
    return queue(user, { ...parsed, finishCheck }, origin);
  }

  return {
    /**
     * The changes of applied transactions another process's notice names, in the notice's order; those no longer
     * recorded (purged, or their layout deleted since) are left out.
     */
    async changesOf(noticed: NoticedTransaction[]): Promise<LayoutChange[]> {
      const repository = createEditingRepository(db.sql);
      const acks = await repository.appliedAcks(noticed);
      // Large acks are stored as the parts they answered (stored-acks.ts): those pages are presented as they are now.
      const answered = [...acks.values()].flatMap((applied) => (isAnsweredParts(applied.ack) ? [{ layoutId: applied.layoutId, ack: applied.ack }] : []));
      const state = answered.length > 0 ? await stateOfAnswered(repository, answered, printDpi) : undefined;
      return noticed.flatMap(({ userId, transactionId }) => {
        const applied = acks.get(appliedKey(userId, transactionId));
        if (!applied || 'error' in applied.ack) return [];
        if (!isAnsweredParts(applied.ack)) return [changeOf(applied.layoutId, applied.ack as { response_data: AppliedChange; version: number })];
        const layout = state?.layouts.get(applied.layoutId);
        return layout && state ? [changeOf(applied.layoutId, answerAgain(applied.ack, state, layout, present))] : [];
      });
    },
    /** Resolves once the message's change is committed (or refused); never rejects. origin: the sender's connection id. */
    async submit(user: EditingUser, parsed: ParsedMessage, origin?: string): Promise<EditOutcome> {
      if (!parsed.operation.finishes) return queue(user, parsed, origin);
      let outcome: EditOutcome | undefined;
      for (let check = 0; check < FINISH_CHECKS && (!outcome || outcome.stale); check += 1) {
        outcome = await checkAndQueue(user, parsed, origin);
      }
      return outcome!;
    },
  };
}

export type LayoutEditor = ReturnType<typeof createLayoutEditor>;
