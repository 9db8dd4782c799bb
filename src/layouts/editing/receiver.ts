// The one door into editing (as hocuspocus' MessageReceiver): a transport hands in a message as the client sent it,
// in either key spelling, and gets its answer. Built once per process by the composition root (src/services.ts), so
// a job or a command can edit a book as a connection does; transports carry frames and apply connection rules only.
import { randomUUID } from 'node:crypto';
import type { Validator } from '../../http/validation';
import type { SchemaTypes } from '../../types/schemas';
import { createLayoutEditor, type EditingUser, type LayoutChange, type PublishedChange } from './editor';
import { withSpecificationKeys } from './front-end-keys';
import { describeFieldErrors, type EditAck, envelopeField, errorAck, isAck, parseMessage, type ParsedMessage } from './messages';
import { OPERATIONS } from './operations';

type EditorDependencies = Omit<Parameters<typeof createLayoutEditor>[0], 'publish' | 'noticesFrom'>;

/**
 * A message the channel answers itself (a query of the connection, e.g. joining a layout's room), by its schema: it
 * gets the message as the generated type of that schema.
 */
export interface ChannelQuery<Id extends keyof SchemaTypes = keyof SchemaTypes> {
  schemaId: Id;
  answer(message: SchemaTypes[Id]): Promise<object>;
}

/**
 * What a transport adds around the editor for its connection (co-editing, issue 50): messages it answers itself
 * (presence, locks, comments), an edit it refuses before the editor sees it (a block another member holds), and what
 * it learns of an applied edit (the sender now holds its blocks).
 */
export interface EditingHooks {
  answers(pair: string): boolean;
  answer(pair: string, normalised: unknown): Promise<object>;
  refusal(parsed: ParsedMessage): EditAck | undefined;
  edited(parsed: ParsedMessage): void;
}

export function createEditingReceiver(deps: EditorDependencies & { validator: Validator; spansProcesses: boolean }) {
  const { validator } = deps;
  const listeners = new Set<(changes: PublishedChange[]) => void>();
  // This process's id (presence and comments name it on PGlite too). Other processes may serve the channel only on a
  // database server: only there are this process's changes noticed by theirs.
  const processId = randomUUID();
  const noticesFrom = deps.spansProcesses ? processId : undefined;
  const editor = createLayoutEditor({ ...deps, noticesFrom, publish: (changes) => listeners.forEach((listener) => listener(changes)) });

  return {
    /** This process's id (in the change notices, when other processes serve the channel too). */
    processId,
    /** Whether other processes may serve the channel (a database server): their changes are then read from notices. */
    spansProcesses: deps.spansProcesses,
    /** Hears every committed batch's changes (before its acks resolve); returns the way to stop hearing them. */
    onPublish(listener: (changes: PublishedChange[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The changes other processes committed, read back from their notices. */
    changesOf: editor.changesOf,
    /**
     * Answers a raw message: a query the transport names (by its object:action pair) is validated and answered by it;
     * anything else is parsed against the operations' schemas and applied by the editor. origin: the connection, which
     * is not told its own change again. hooks: what the transport adds around the editor for this connection.
     */
    async receive(
      sender: EditingUser, raw: unknown, origin?: string, queries: Record<string, ChannelQuery> = {}, hooks?: EditingHooks,
    ): Promise<object> {
      const normalised = withSpecificationKeys(raw);
      const [object, action, transactionId] = ['object', 'action', 'transaction_id'].map((name) => envelopeField(normalised, name));
      const pair = `${String(object)}:${String(action)}`;
      if (hooks?.answers(pair)) return hooks.answer(pair, normalised);
      const query = Object.hasOwn(queries, pair) ? queries[pair] : undefined;
      if (query) {
        const message = validator.parse(query.schemaId, normalised);
        if ('errors' in message) return errorAck(transactionId, 'invalid_message', describeFieldErrors(message.errors));
        return query.answer(message.value);
      }
      const parsed = parseMessage(normalised, validator, OPERATIONS);
      if (isAck(parsed)) return parsed;
      const held = hooks?.refusal(parsed);
      if (held) return held;
      const { ack } = await editor.submit(sender, parsed, origin);
      if (!('error' in ack)) hooks?.edited(parsed);
      return ack;
    },
  };
}

export type EditingReceiver = ReturnType<typeof createEditingReceiver>;
export type { LayoutChange, PublishedChange };
