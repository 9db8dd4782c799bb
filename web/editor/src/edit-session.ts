// One book open in the editor: the layout as the service last confirmed it, the edits sent and not yet answered
// (drawn on top of it at once), and the editing channel (Socket.IO, namespace /layout) that carries them. Edits made
// while the connection is down wait in order and are sent again, with the same transaction ids, once the book is
// joined again: the service applies each id once and answers a replay with the first ack.
import { io, type Socket } from 'socket.io-client';
import { applyChange } from './book-changes';
import { errorText } from './i18n';
import { optimisticResult } from './optimistic';
import type { Ack, EditError, EditMessage, Layout, LayoutChange } from './types';

export type SessionStatus = 'connecting' | 'online' | 'offline' | 'no_access' | 'ended';

export interface SessionState {
  status: SessionStatus;
  /** The layout as drawn: the confirmed one with the pending edits applied. */
  layout: Layout | null;
  confirmed: Layout | null;
  pending: EditMessage[];
  /** The last refusal or problem, in the shopper's language. */
  notice: { text: string; at: number } | null;
  /** The last change heard from another tab or device, for the "changed elsewhere" hint. */
  remoteVersion: number;
}

interface PendingEdit {
  message: EditMessage;
  /** The connection it was last sent on: an answer can only come back on that one. */
  sentOn: Socket | null;
  settle: (ack: Ack) => void;
}

const newTransactionId = () => crypto.randomUUID();

export class EditSession {
  private state: SessionState = { status: 'connecting', layout: null, confirmed: null, pending: [], notice: null, remoteVersion: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly edits: PendingEdit[] = [];
  private readonly socket: Socket;

  constructor(private readonly bookRef: string, token: string) {
    this.socket = io('/layout', {
      auth: { token }, transports: ['websocket'], reconnectionDelay: 300, reconnectionDelayMax: 2000,
    });
    this.socket.on('connect', () => void this.join());
    this.socket.on('disconnect', () => {
      for (const edit of this.edits) edit.sentOn = null;
      if (this.state.status !== 'no_access' && this.state.status !== 'ended') this.update({ status: 'offline' });
    });
    this.socket.on('connect_error', () => this.update({ status: this.state.layout ? 'offline' : 'connecting' }));
    this.socket.on('session:ended', (end: { message: string }) => this.update({ status: 'ended', notice: { text: end.message, at: Date.now() } }));
    this.socket.on('layout:changed', (change: LayoutChange & { version: number }) => {
      const confirmed = this.state.confirmed;
      if (!confirmed || change.version <= confirmed.version) return;
      this.confirm(applyChange(confirmed, change, change.version), { remoteVersion: change.version });
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  close() {
    this.socket.close();
  }

  /** Sends an edit (drawn at once); resolves with its ack, refusals included (already rolled back and told). */
  send(object: EditMessage['object'], action: string, id: string | undefined, payload: Record<string, unknown> = {}): Promise<Ack> {
    const layoutId = this.state.confirmed?.id;
    if (!layoutId) return Promise.resolve({ transaction_id: null, error: { code: 'not_found', message: '' } });
    const message: EditMessage = {
      transaction_id: newTransactionId(), object, action, params: id === undefined ? { layout_id: layoutId } : { layout_id: layoutId, id }, payload,
    };
    return new Promise((settle) => {
      const edit: PendingEdit = { message, sentOn: null, settle };
      this.edits.push(edit);
      this.redraw();
      if (this.state.status === 'online') this.transmit(edit);
    });
  }

  /** An event of the book's channel other than its changes (presence, comment); returns the unsubscription. */
  on<T>(event: string, handler: (data: T) => void): () => void {
    this.socket.on(event, handler);
    return () => void this.socket.off(event, handler);
  }

  /**
   * A message that is not an edit of the book (presence/set, block/lock, comment/add...): sent now if online and not
   * kept for a replay (where someone is, or a hold, is worth nothing later); answered `offline` otherwise.
   */
  ask(object: string, action: string, id: string | undefined, payload: Record<string, unknown> = {}): Promise<Ack> {
    const layoutId = this.state.confirmed?.id;
    if (!layoutId || this.state.status !== 'online') return Promise.resolve({ transaction_id: null, error: { code: 'offline', message: '' } });
    const params = id === undefined ? { layout_id: layoutId } : { layout_id: layoutId, id };
    return this.socket.emitWithAck('message', { transaction_id: newTransactionId(), object, action, params, payload }) as Promise<Ack>;
  }

  tell(text: string) {
    this.update({ notice: { text, at: Date.now() } });
  }

  private async join() {
    const answer = (await this.socket.emitWithAck('join', { layout_id: this.bookRef })) as { layout?: Layout; version?: number; error?: EditError };
    if (!answer.layout) {
      this.update({ status: 'no_access' });
      this.socket.close();
      return;
    }
    // The book as it is now, whatever was missed; what is still pending goes again, in its order, with its ids.
    this.confirm({ ...answer.layout, version: answer.version ?? answer.layout.version }, { status: 'online' });
    for (const edit of this.edits) this.transmit(edit);
  }

  private transmit(edit: PendingEdit) {
    const socket = this.socket;
    edit.sentOn = socket;
    socket.emit('message', edit.message, (ack: Ack) => {
      if (edit.sentOn !== socket || !this.edits.includes(edit)) return;
      this.settle(edit, ack);
    });
  }

  private settle(edit: PendingEdit, ack: Ack) {
    this.edits.splice(this.edits.indexOf(edit), 1);
    const confirmed = this.state.confirmed!;
    if (ack.error) {
      this.confirm(confirmed, { notice: { text: errorText(ack.error.code, ack.error.message, ack.error.holder?.name), at: Date.now() } });
    } else if (ack.response_data && (ack.version ?? 0) > confirmed.version) {
      // An applied edit takes the place of an older refusal's message: the screen no longer shows what it was about.
      this.confirm(applyChange(confirmed, ack.response_data, ack.version ?? confirmed.version), { notice: null });
    } else {
      // A replay of an edit the joined layout already holds.
      this.redraw();
    }
    edit.settle(ack);
  }

  private confirm(confirmed: Layout, more: Partial<SessionState> = {}) {
    this.state = { ...this.state, ...more, confirmed };
    this.redraw();
  }

  private redraw() {
    const confirmed = this.state.confirmed;
    const pending = this.edits.map((edit) => edit.message);
    const layout = confirmed ? pending.reduce(optimisticResult, confirmed) : null;
    this.update({ layout, pending });
  }

  private update(more: Partial<SessionState>) {
    this.state = { ...this.state, ...more };
    for (const listener of this.listeners) listener();
  }
}
