// The editing channel's messages for making a book together (issue 50): presence/set, block/lock and block/unlock,
// and the soft-lock check of every edit. Presence is told to every connection of the book as `presence`, in every
// process (through the database's notifications on a PostgreSQL server).
import type { Logger } from 'pino';
import type { Database, NotificationListener } from '../../db/database';
import type { Validator } from '../../http/validation';
import { describeFieldErrors, type EditAck, editErrorOf, envelopeField, errorAck, type ParsedMessage } from '../../layouts/editing/messages';
import type { AccountsService } from '../../auth/accounts-service';
import { COMMENTS_CHANNEL } from '../../layouts/sharing/comments';
import type { CommentAdd, CommentResolve } from '../../types/schemas';
import type { SharingService } from '../../layouts/sharing/service';
import { ServiceError } from '../../shared/errors';
import { colourOf } from '../../layouts/member-roles';
import type { AuthenticatedUser } from '../../shared/user';
import { createPresenceBoard, LOCK_MS, type PresenceEntry, type PresenceMessage } from './presence-board';

export const PRESENCE_CHANNEL = 'photobook_presence';
// presence/set is sent as the pointer moves: more than this a second per connection are refused (rate_limited).
const PRESENCE_PER_SECOND = 5;
const NAME_LENGTH = 60;

/** What the collaboration needs of a connection (editing-requests.ts' EditingConnection). */
export interface CollaboratingConnection {
  id: string;
  user: AuthenticatedUser;
}

/** The schema of each object:action pair answered here; a message validated by it has its generated type. */
type CollaborationSchema = 'presence-set.json' | 'block-lock.json' | 'comment-add.json' | 'comment-resolve.json';
const SCHEMAS = new Map<string, CollaborationSchema>([
  ['presence:set', 'presence-set.json'], ['block:lock', 'block-lock.json'], ['block:unlock', 'block-lock.json'],
  ['comment:add', 'comment-add.json'], ['comment:resolve', 'comment-resolve.json'],
]);

export function createCollaboration(deps: {
  /** Presence and comments are told through the database's notifications. */
  db: Database; log: Logger; validator: Validator; processId: string;
  /** Comments, and who may hold blocks, are the sharing service's; names the accounts service's. */
  sharing: Pick<SharingService, 'comments' | 'mayHoldBlocks'>;
  accounts: Pick<AccountsService, 'displayName'>;
  /** Tells this process's connections of the book an event. */
  tell(layoutId: string, event: string, data: object): void;
}) {
  const { db, validator } = deps;
  const spansProcesses = db.kind === 'postgres';
  let listener: NotificationListener | undefined;
  const board = createPresenceBoard({
    tell: (layoutId, presence: PresenceMessage) => deps.tell(layoutId, 'presence', presence),
    announce: spansProcesses ? (layoutId, entries) => {
      listener?.notify(JSON.stringify({ process: deps.processId, layout_id: layoutId, entries }))
        .catch((error: unknown) => deps.log.warn({ err: error }, 'presence not announced'));
    } : undefined,
  });
  if (spansProcesses) {
    listener = db.listen(PRESENCE_CHANNEL, {
      notification(payload) {
        const heard = JSON.parse(payload) as { process: string; layout_id: string; entries: PresenceEntry[] };
        if (heard.process !== deps.processId) board.heard(heard.process, heard.layout_id, heard.entries);
      },
      listening: () => undefined,
      interrupted: (error) => deps.log.warn({ err: error }, 'presence notifications interrupted'),
    });
  }
  // Comments are told at their commit, by every process to its own connections (this one's too).
  const { comments } = deps.sharing;
  const commentsHeard = db.listen(COMMENTS_CHANNEL, {
    notification(payload) {
      const comment = JSON.parse(payload) as { layout_id: string };
      deps.tell(comment.layout_id, 'comment', comment);
    },
    listening: () => undefined,
    interrupted: (error) => deps.log.warn({ err: error }, 'comment notifications interrupted'),
  });
  /** A comment message, answered with the comment (or the refusal of the comments' rules). */
  async function commentAnswer(connection: CollaboratingConnection, message: CommentAdd | CommentResolve, layoutId: string): Promise<object> {
    const transactionId = message.transaction_id;
    try {
      const comment = message.action === 'add'
        ? await comments.add(connection.user, layoutId, transactionId, message.payload)
        : await comments.resolve(connection.user, layoutId, message.payload.comment_id);
      return { transaction_id: transactionId, response_data: comment };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const { code, message: text } = editErrorOf(error);
      return errorAck(transactionId, code, text);
    }
  }
  const names = new Map<number, string>();
  const presenceTimes = new Map<string, number[]>();

  // The refusal names the holder in its message and as error.holder {user_id, name}.
  const lockedAck = (transactionId: unknown, holder: PresenceEntry, blockId: string): EditAck => ({
    transaction_id: typeof transactionId === 'string' ? transactionId : null,
    error: { code: 'locked', message: `${holder.name || `User ${holder.userId}`} is working on block ${blockId}.`, holder: { user_id: holder.userId, name: holder.name } },
  });

  /** Takes (or renews) the block for the connection; the ack refusing it when someone else holds it. */
  function take(connection: CollaboratingConnection, layoutId: string, blockId: string, transactionId: unknown): EditAck | undefined {
    const holder = board.holderOf(layoutId, blockId, connection.user.id);
    if (holder) return lockedAck(transactionId, holder, blockId);
    const entry = board.entry(layoutId, connection.id);
    if (!entry) return undefined;
    board.set(layoutId, { ...entry, lock: { blockId, until: Date.now() + LOCK_MS } });
    return undefined;
  }

  return {
    /** The connection joined the book: it is shown there, and told who else is. */
    async joined(connection: CollaboratingConnection, layoutId: string): Promise<void> {
      if (!names.has(connection.user.id)) names.set(connection.user.id, (await deps.accounts.displayName(connection.user.id)).slice(0, NAME_LENGTH));
      if (board.entry(layoutId, connection.id)) return;
      board.set(layoutId, {
        connectionId: connection.id, userId: connection.user.id, name: names.get(connection.user.id)!, colour: colourOf(connection.user.id),
        pageId: null, blockId: null, lock: null,
      });
    },
    answers: (pair: string) => SCHEMAS.has(pair),
    async answer(connection: CollaboratingConnection, pair: string, raw: unknown): Promise<object> {
      const transactionId = envelopeField(raw, 'transaction_id');
      const schema = SCHEMAS.get(pair);
      if (!schema) return errorAck(transactionId, 'invalid_message', `${pair} is not answered here.`);
      const parsed = validator.parse(schema, raw);
      if ('errors' in parsed) return errorAck(transactionId, 'invalid_message', describeFieldErrors(parsed.errors));
      const message = parsed.value;
      const layoutId = message.params.layout_id.toLowerCase();
      const entry = board.entry(layoutId, connection.id);
      if (!entry) return errorAck(transactionId, 'not_found', 'Join the layout first.');
      const echo = { transaction_id: typeof transactionId === 'string' ? transactionId : null };
      if (message.object === 'comment') return commentAnswer(connection, message, layoutId);
      if (message.object === 'presence') {
        const times = (presenceTimes.get(connection.id) ?? []).filter((time) => time > Date.now() - 1000);
        if (times.length >= PRESENCE_PER_SECOND) return errorAck(transactionId, 'rate_limited', `More than ${PRESENCE_PER_SECOND} presence/set a second.`);
        presenceTimes.set(connection.id, [...times, Date.now()]);
        const { payload } = message;
        board.set(layoutId, { ...entry, pageId: payload.page_id?.toLowerCase() ?? null, blockId: payload.block_id?.toLowerCase() ?? null });
        return { ...echo, response_data: board.presenceOf(layoutId) };
      }
      const blockId = message.params.id.toLowerCase();
      if (message.action === 'unlock') {
        if (entry.lock?.blockId === blockId) board.set(layoutId, { ...entry, lock: null });
        return { ...echo, response_data: board.presenceOf(layoutId) };
      }
      if (!(await deps.sharing.mayHoldBlocks(connection.user, layoutId))) return errorAck(transactionId, 'forbidden', 'Only the owner and editors hold blocks.');
      return take(connection, layoutId, blockId, transactionId) ?? { ...echo, response_data: board.presenceOf(layoutId) };
    },
    /** An edit of a block someone else holds is refused (locked). */
    refusal(connection: CollaboratingConnection, parsed: ParsedMessage): EditAck | undefined {
      for (const blockId of parsed.operation.targets(parsed.message).blockIds ?? []) {
        const holder = board.holderOf(parsed.layoutId, blockId.toLowerCase(), connection.user.id);
        if (holder) return lockedAck(parsed.message.transaction_id, holder, blockId.toLowerCase());
      }
      return undefined;
    },
    /** The sender's edit applied: they hold the blocks it changed (a refused edit, a viewer's say, holds nothing). */
    edited(connection: CollaboratingConnection, parsed: ParsedMessage): void {
      for (const blockId of parsed.operation.targets(parsed.message).blockIds ?? []) take(connection, parsed.layoutId, blockId.toLowerCase(), undefined);
    },
    /** The connection closed: it leaves every book, and its blocks are free. */
    closed(connection: CollaboratingConnection): void {
      presenceTimes.delete(connection.id);
      board.remove(connection.id);
    },
    close: async () => {
      board.close();
      await Promise.all([listener?.close(), commentsHeard.close()]);
    },
  };
}

export type Collaboration = ReturnType<typeof createCollaboration>;
