// The one door into editing (as hocuspocus' MessageReceiver): a transport hands in a message as the client sent it,
// in either key spelling, and gets its answer. Built once per process by the composition root (src/services.ts), so
// a job or a command can edit a book as a connection does; transports carry frames and apply connection rules only.
import { randomUUID } from 'node:crypto';
import type { Validator } from '../../http/validation';
import { createLayoutEditor, type EditingUser, type LayoutChange, type PublishedChange } from './editor';
import { withSpecificationKeys } from './front-end-keys';
import { describeFieldErrors, errorAck, isAck, parseMessage } from './messages';
import { OPERATIONS } from './operations';

type EditorDependencies = Omit<Parameters<typeof createLayoutEditor>[0], 'publish' | 'noticesFrom'>;

/** A message the channel answers itself (a query of the connection, e.g. joining a layout's room), by its schema. */
export interface ChannelQuery {
  schemaId: string;
  answer(message: { transaction_id?: string; params: unknown }): Promise<object>;
}

export function createEditingReceiver(deps: EditorDependencies & { validator: Validator; spansProcesses: boolean }) {
  const { validator } = deps;
  const listeners = new Set<(changes: PublishedChange[]) => void>();
  // Other processes may serve the channel only on a database server: this process's changes are then noticed by theirs.
  const processId = deps.spansProcesses ? randomUUID() : undefined;
  const editor = createLayoutEditor({ ...deps, noticesFrom: processId, publish: (changes) => listeners.forEach((listener) => listener(changes)) });

  return {
    /** This process's id in the change notices, when other processes serve the channel too. */
    processId,
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
     * is not told its own change again.
     */
    async receive(sender: EditingUser, raw: unknown, origin?: string, queries: Record<string, ChannelQuery> = {}): Promise<object> {
      const normalised = withSpecificationKeys(raw);
      const { object, action, transaction_id: transactionId } = (normalised ?? {}) as { object?: unknown; action?: unknown; transaction_id?: unknown };
      const pair = `${String(object)}:${String(action)}`;
      const query = Object.hasOwn(queries, pair) ? queries[pair] : undefined;
      if (query) {
        const errors = validator.errorsOf(query.schemaId, normalised);
        if (errors) return errorAck(transactionId, 'invalid_message', describeFieldErrors(errors));
        return query.answer(normalised as { transaction_id?: string; params: unknown });
      }
      const parsed = parseMessage(normalised, validator, OPERATIONS);
      if (isAck(parsed)) return parsed;
      return (await editor.submit(sender, parsed, origin)).ack;
    },
  };
}

export type EditingReceiver = ReturnType<typeof createEditingReceiver>;
export type { LayoutChange, PublishedChange };
