// Editing messages: the envelope, the operation each (object, action) pair names, acks and their error codes.
import { createHash } from 'node:crypto';
import { unstorableStrings, type Validator } from '../../http/validation';
import type { ErrorKind, ServiceError } from '../../shared/errors';
import type { Preflight, PreflightProblem } from '../../shared/preflight';
import type { SchemaTypes } from '../../types/schemas';
import type { LayoutDelta, PresentedPage } from '../presenters';
import type { AutofillReport } from '../autofill/report';
import type { BatchState, EditedPage } from './state';

export type EditErrorCode =
  | 'invalid_message' | 'forbidden' | 'not_found' | 'invalid_scheme' | 'transaction_conflict' | 'rate_limited' | 'server_error'
  | 'invalid_token' | 'token_expired' | 'page_limit' | 'nothing_to_undo' | 'nothing_to_redo' | 'preflight_failed'
  // Making a book together (issue 50): a block another member holds; an undo step someone else changed since.
  | 'locked' | 'conflict';

export interface EditError {
  code: EditErrorCode;
  message: string;
  /** preflight_failed: the preflight's errors (layout/finish). */
  problems?: (PreflightProblem & { num: number })[];
  /** locked: who holds the block (issue 50). */
  holder?: { user_id: number; name: string };
  /** conflict: the pages and blocks another person changed since the step (own-undo.ts), and whether the book's own fields. */
  pages?: string[];
  blocks?: string[];
  layout?: boolean;
}

/** What an applied message answers and broadcasts (schemas/layout-ack.json, layout-changed.json). */
export interface AppliedChange {
  /** The page the message changed; null when it changed none, or several (then they are in pages). */
  data: PresentedPage | null;
  pages?: PresentedPage[];
  removed_page_ids?: string[];
  layout?: LayoutDelta;
  autofill?: AutofillReport;
}

export type EditAck =
  | { transaction_id: string; response_data: AppliedChange; version: number }
  | { transaction_id: string | null; error: EditError };

/** The schemas of the editing operations' messages (schemas/), one per (object, action) pair of OPERATIONS. */
export type OperationSchemaId =
  | 'scheme-set.json' | 'page-add.json' | 'page-remove.json' | 'page-move.json' | 'page-background.json'
  | 'block-set.json' | 'block-crop.json' | 'block-clear.json' | 'block-text.json'
  | 'layout-add-photos.json' | 'layout-remove-photos.json' | 'layout-undo.json' | 'layout-redo.json' | 'layout-autofill.json' | 'layout-finish.json';

/** A message as its operation's schema validated it: the type generated from that schema (npm run schema-types). */
export type MessageOf<Id extends OperationSchemaId> = SchemaTypes[Id];

/** Any operation's message: told apart by its object and action. */
export type EditMessage = MessageOf<OperationSchemaId>;

/** The layout a message changes, and the rows the batch must read for it. */
export interface EditTargets {
  layoutId: string;
  pageIds?: string[];
  /** Blocks by id: the pages holding them are read. */
  blockIds?: string[];
  schemeIds?: number[];
  /** Every page scheme. */
  allSchemes?: boolean;
  photoIds?: number[];
  backgroundIds?: number[];
  /** Every page of the layout. */
  wholeLayout?: boolean;
  /** The facts of every photo in the layout's photo list. */
  photoList?: boolean;
  /** The layout's stored undo history (undo, redo). */
  history?: boolean;
}

/** What an operation changed: the pages to answer with, the pages it removed, and whether the layout's own fields changed. */
export interface EditResult {
  pages: EditedPage[];
  removedPageIds?: string[];
  /** The page count, the price or the photo list changed: the answer carries the layout's delta. */
  layout?: boolean;
  /** What layout/autofill did. */
  autofill?: AutofillReport;
  /** An undo or redo refused with conflict that still moved the sender's history (own-undo.ts). */
  refused?: EditError;
}

/**
 * One (object, action) pair, typed by its schema; each is an entry of OPERATIONS (operations.ts), whose messages are
 * parsed by that schema (parseMessage), so an operation only ever gets messages of its own type.
 */
export interface EditOperation<Id extends OperationSchemaId = OperationSchemaId> {
  schemaId: Id;
  targets(message: MessageOf<Id>): EditTargets;
  /**
   * Changes the state in memory (the layout is known, readable and writable by the user) and says what changed; a
   * message that cannot be applied throws a ServiceError, answered by editErrorOf, before it changes anything (the
   * batch's state is shared by the other messages of the batch).
   */
  apply(state: BatchState, message: MessageOf<Id>): EditResult;
  /** Undo and redo move through the history instead of adding a step to it. */
  movesHistory?: boolean;
  /** layout/finish: checked by the book's preflight first (finish.ts); every other operation unfinishes the book. */
  finishes?: boolean;
}

/** What the book's preflight found before a layout/finish was queued, and at which version of the book. */
export interface FinishCheck {
  version: number;
  preflight: Preflight;
}

export interface ParsedMessage {
  message: EditMessage;
  operation: EditOperation;
  layoutId: string;
  /** Identifies the message apart from its transaction_id: the same id with another hash is a conflict. */
  hash: string;
  /** layout/finish: the preflight the editor ran before queueing it. */
  finishCheck?: FinishCheck;
}

export const errorAck = (transactionId: unknown, code: EditErrorCode, message: string): EditAck => ({
  transaction_id: typeof transactionId === 'string' ? transactionId : null, error: { code, message },
});

const EDIT_ERROR_CODES: ReadonlySet<string> = new Set<EditErrorCode>([
  'invalid_message', 'forbidden', 'not_found', 'invalid_scheme', 'transaction_conflict', 'rate_limited', 'server_error', 'invalid_token', 'token_expired',
  'page_limit', 'nothing_to_undo', 'nothing_to_redo', 'preflight_failed',
]);
const CODE_OF_KIND: Record<ErrorKind, EditErrorCode> = {
  invalid: 'invalid_message', not_found: 'not_found', forbidden: 'forbidden', conflict: 'transaction_conflict', locked: 'server_error', unavailable: 'server_error',
  // No editing operation has a quota of its own (a book's page limit is page_limit); a quota met on the way is a limit.
  quota: 'rate_limited',
  // The account went: its token holds no more, as the channel's own check of every event says.
  unauthenticated: 'invalid_token',
};

/** The editing channel's one mapping of a service's error: its finer code where the channel knows it, else its kind's. */
export function editErrorOf(error: ServiceError): EditError {
  const code = EDIT_ERROR_CODES.has(error.code) ? (error.code as EditErrorCode) : CODE_OF_KIND[error.kind];
  return { code, message: error.message };
}

/** JSON with keys in a fixed order, so that a replay hashes the same whatever order its keys were sent in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const MAX_DESCRIPTION = 300;

/** The field errors in one line, short enough for a log or a status bar whatever was sent. */
export function describeFieldErrors(errors: Record<string, string[]>): string {
  const text = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; ');
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

const lowerCased = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value.toLowerCase() : value);

/**
 * Lower-cases UUIDs everywhere in a validated message, so that ids compare as the database compares them. In place,
 * as validation fills in defaults: a string stays a string, so the message keeps its schema's type.
 */
function lowerCaseIdsIn(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      value[index] = lowerCased(item);
      lowerCaseIdsIn(item);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      Reflect.set(value, key, lowerCased(item));
      lowerCaseIdsIn(item);
    }
  }
}

/** A member of a message not yet validated, to name what is wrong with it. */
export const envelopeField = (raw: unknown, name: string): unknown => (raw && typeof raw === 'object' ? Reflect.get(raw, name) : undefined);

export function parseMessage(raw: unknown, validator: Validator, operations: Record<string, EditOperation>): ParsedMessage | EditAck {
  const [transactionId, object, action] = ['transaction_id', 'object', 'action'].map((name) => envelopeField(raw, name));
  const key = `${String(object)}:${String(action)}`;
  const operation = Object.hasOwn(operations, key) ? operations[key] : undefined;
  if (!operation) {
    // Which envelope field is wrong, or else that the pair is unknown.
    const envelopeErrors = validator.errorsOf('layout-message.json', raw);
    if (envelopeErrors) return errorAck(transactionId, 'invalid_message', describeFieldErrors(envelopeErrors));
    return errorAck(transactionId, 'invalid_message', `Unknown object and action "${String(object)}" "${String(action)}".`);
  }
  // An operation's schema holds the whole envelope too.
  const parsed = validator.parse(operation.schemaId, raw);
  if ('errors' in parsed) return errorAck(transactionId, 'invalid_message', describeFieldErrors(parsed.errors));
  // Refused here, as for every JSON body over HTTP: the database would refuse it later, as a server error.
  const unstorable = unstorableStrings(raw);
  if (unstorable) return errorAck(transactionId, 'invalid_message', describeFieldErrors(unstorable));
  const message = parsed.value;
  lowerCaseIdsIn(message);
  const { transaction_id: _id, ...rest } = message;
  return {
    message, operation,
    layoutId: operation.targets(message).layoutId,
    hash: createHash('sha256').update(canonicalJson(rest)).digest('hex'),
  };
}

export const isAck = (value: ParsedMessage | EditAck): value is EditAck => 'transaction_id' in value;
