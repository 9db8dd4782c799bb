// What the editing channel does with a join or a message, whichever transport brought it (Socket.IO or the plain
// WebSocket): the one implementation of the channel's rules. Transports only carry requests and answers.
import type { Logger } from 'pino';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import type { AccountsService } from '../auth/accounts-service';
import type { Validator } from '../http/validation';
import { envelopeField, errorAck } from '../layouts/editing/messages';
import type { ChannelQuery, EditingHooks, EditingReceiver } from '../layouts/editing/receiver';
import type { LayoutsService } from '../layouts/service';
import { type Metrics, secondsSince } from '../metrics/metrics';
import type { Collaboration } from './presence/collaboration';
import { atExpiry, type SessionEnd } from './session-end';
import { createTokenBucket } from './token-bucket';
import { createUserLimits, type UserLease } from './user-limits';

/** One client connection, of either transport. */
export interface EditingConnection {
  /** Unique among the connections of both transports: changes it made are not told back to it. */
  id: string;
  /** The user as the handshake found them; every event reads the account again (see currentUser and the editor). */
  user: AuthenticatedUser;
  terms: TokenTerms;
  /** From now on, tells this connection the layout's changes. */
  joinRoom(layoutId: string): Promise<void> | void;
  /** Ends the connection, telling the client why. */
  end(reason: SessionEnd): void;
}

export interface EditingRequestsDependencies {
  layouts: LayoutsService;
  accounts: Pick<AccountsService, 'current'>;
  validator: Validator;
  editing: EditingReceiver;
  log: Logger;
  eventsPerSecond: number;
  /** Per user, in this process: connections of both transports together, and their events per second together. */
  socketsPerUser: number;
  userEventsPerSecond: number;
  metrics: Pick<Metrics, 'editingAcks' | 'editingAckSeconds' | 'editingConnections'>;
  /** Presence and soft locks of shared books (issue 50). */
  collaboration?: Collaboration;
}

type Answer = object;

const transactionIdOf = (raw: unknown) => envelopeField(raw, 'transaction_id');

// Answers after which the connection is ended: its token no longer holds.
const ENDING_CODES: ReadonlySet<string> = new Set<SessionEnd>(['invalid_token', 'token_expired']);

export function createEditingRequests(deps: EditingRequestsDependencies) {
  const { layouts, accounts, validator, editing, log, metrics } = deps;
  const userLimits = createUserLimits(deps);

  async function join(connection: EditingConnection, raw: unknown): Promise<Answer> {
    if (validator.errorsOf('layout-join.json', raw)) {
      return { error: { code: 'invalid_message', message: 'layout_id: a layout UUID is required.' } };
    }
    const layoutId = (raw as { layout_id: string }).layout_id.toLowerCase();
    const user = await accounts.current(connection);
    if (!user) return { error: { code: 'invalid_token', message: 'Invalid token.' } };
    if (!(await layouts.mayRead(user, layoutId))) return { error: { code: 'not_found', message: 'Layout not found.' } };
    // Joined before reading, so no change falls between the layout sent and the first event received.
    await connection.joinRoom(layoutId);
    joinedLayouts.get(connection)?.add(layoutId);
    await deps.collaboration?.joined(connection, layoutId);
    const layout = await layouts.get(user, { id: layoutId });
    return { layout, version: layout.version };
  }

  /** Messages that read and record nothing: no transaction is applied, so their transaction_id is only echoed. */
  const queriesOf = (connection: EditingConnection): Record<string, ChannelQuery> => {
    const joining: ChannelQuery<'layout-join-message.json'> = {
      schemaId: 'layout-join-message.json',
      answer: async (message) => ({ transaction_id: message.transaction_id ?? null, ...(await join(connection, message.params)) }),
    };
    // This shop sells no posters; the front end asks for them on its "my products" page all the same.
    const posters: ChannelQuery<'poster-list.json'> = {
      schemaId: 'poster-list.json',
      answer: async (message) => ({ transaction_id: message.transaction_id ?? null, response_data: { data: [] } }),
    };
    return { 'layout:join': joining, 'poster:list': posters };
  };

  // Co-editing (issue 50) around the editor, for this connection.
  const hooksOf = (connection: EditingConnection): EditingHooks | undefined => {
    const { collaboration } = deps;
    return collaboration && {
      answers: (pair) => collaboration.answers(pair),
      answer: (pair, normalised) => collaboration.answer(connection, pair, normalised),
      refusal: (parsed) => collaboration.refusal(connection, parsed),
      edited: (parsed) => collaboration.edited(connection, parsed),
    };
  };

  const message = (connection: EditingConnection, raw: unknown): Promise<Answer> => editing.receive(
    { ...connection.user, tokenVersion: connection.terms.version }, raw, connection.id, queriesOf(connection), hooksOf(connection),
  );

  const openConnections = new Set<EditingConnection>();
  // The layouts each open connection joined: a member removed from a book loses the connections to it (issue 50).
  const joinedLayouts = new WeakMap<EditingConnection, Set<string>>();

  return {
    /** Ends the user's connections in this process that joined the layout (they were removed from the shared book). */
    endMemberConnections(layoutId: string, userId: number): void {
      for (const connection of [...openConnections]) {
        if (connection.user.id === userId && joinedLayouts.get(connection)?.has(layoutId)) connection.end('membership_ended');
      }
    },
    /**
     * Ends each open connection whose account no longer holds as it did at the handshake: for when account-change
     * notices may have been missed (the listening connection was lost). Events check the account anyway; this also
     * stops layout:changed reaching a connection that sends nothing.
     */
    async recheckOpenConnections(): Promise<void> {
      for (const connection of [...openConnections]) {
        const user = await accounts.current(connection);
        if (!user) connection.end('invalid_token');
        else if (user.role !== connection.user.role) connection.end('role_changed');
      }
    },
    /** A place for one more connection of the user (SOCKETS_PER_USER), or undefined: the transport refuses it. */
    admit: (user: AuthenticatedUser): UserLease | undefined => userLimits.admit(user.id),
    /**
     * The connection's handlers: its own rate limit and its user's, and every request answered once (a failure as
     * server_error). The connection is ended when its token expires. The transport calls closed() when the
     * connection ends, which gives the lease back.
     */
    forConnection(connection: EditingConnection, lease: UserLease) {
      const bucket = createTokenBucket(deps.eventsPerSecond);
      // Requests admitted and not answered yet: each holds its message and, for a join, the layout it reads. The rate
      // limits bound how fast they come, not how many wait when the service answers slower than that (a client that
      // never waits for answers, sending joins at the allowed rate, grew the process's memory without end).
      const maxWaiting = 2 * deps.eventsPerSecond;
      let waiting = 0;
      let endedForWaiting = false;
      metrics.editingConnections.inc();
      openConnections.add(connection);
      joinedLayouts.set(connection, new Set());
      let open = true;
      const stopExpiryTimer = atExpiry(connection.terms.expiresAt, () => connection.end('token_expired'));
      const answer = async (event: string, run: typeof join, raw: unknown): Promise<Answer> => {
        // The timer may not have fired yet when an event arrives right at the expiry.
        if (Date.now() >= connection.terms.expiresAt) return errorAck(transactionIdOf(raw), 'token_expired', 'The token expired: log in again.');
        if (!bucket.take()) return errorAck(transactionIdOf(raw), 'rate_limited', `More than ${deps.eventsPerSecond} events a second.`);
        if (!lease.takeEvent()) {
          return errorAck(transactionIdOf(raw), 'rate_limited', `More than ${deps.userEventsPerSecond} events a second from one user.`);
        }
        if (waiting >= maxWaiting) {
          if (!endedForWaiting) connection.end('too_many_waiting');
          endedForWaiting = true;
          return errorAck(transactionIdOf(raw), 'rate_limited', `More than ${maxWaiting} requests are waiting for their answers.`);
        }
        waiting += 1;
        try {
          return await run(connection, raw);
        } catch (error) {
          log.error({ err: error, event }, 'editing channel event failed');
          return errorAck(transactionIdOf(raw), 'server_error', 'Internal server error.');
        } finally {
          waiting -= 1;
        }
      };
      const guarded = (event: string, run: typeof join) => async (raw: unknown): Promise<Answer> => {
        const started = process.hrtime.bigint();
        const result = await answer(event, run, raw);
        const outcome = (result as { error?: { code?: string } }).error?.code ?? 'ok';
        metrics.editingAcks.inc({ outcome });
        metrics.editingAckSeconds.observe({ outcome }, secondsSince(started));
        // Ended once the answer has been handed to the transport, so that the client reads why.
        if (ENDING_CODES.has(outcome)) setImmediate(() => connection.end(outcome as SessionEnd));
        return result;
      };
      return {
        join: guarded('join', join),
        message: guarded('message', message),
        closed(): void {
          stopExpiryTimer();
          openConnections.delete(connection);
          deps.collaboration?.closed(connection);
          if (open) metrics.editingConnections.dec();
          open = false;
          lease.release();
        },
      };
    },
  };
}

export type EditingRequests = ReturnType<typeof createEditingRequests>;
export type ConnectionHandlers = ReturnType<EditingRequests['forConnection']>;
