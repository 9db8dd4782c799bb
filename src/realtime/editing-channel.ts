// The editing channel of one process: the editor (group commit, exactly once; built once by src/services.ts) behind
// every transport. Its committed changes are told to this process's connections of each transport and, with a
// PostgreSQL server, to the other processes by the change notices its transactions send at commit (layout-bus.ts),
// which tell theirs. Account changes (logout, deletion, role) reach every process from the database itself
// (account-changes.ts), whoever made them.
import type { Logger } from 'pino';
import { type AccountChange, listenToAccountChanges } from '../auth/account-changes';
import type { AccountsService } from '../auth/accounts-service';
import type { SharingService } from '../layouts/sharing/service';
import type { Database } from '../db/database';
import type { Validator } from '../http/validation';
import type { EditingReceiver, LayoutChange, PublishedChange } from '../layouts/editing/receiver';
import type { LayoutsService } from '../layouts/service';
import { listenToMemberChanges } from '../layouts/sharing/member-changes';
import type { Metrics } from '../metrics/metrics';
import { createEditingRequests } from './editing-requests';
import { createCollaboration } from './presence/collaboration';
import { type LayoutBus, listenToLayoutChanges } from './layout-bus';

/** What the channel asks of a transport about its connections in this process. */
export interface EditingTransport {
  /** Whether any of this process's connections of the transport are in the layout's room. */
  watches(layoutId: string): boolean;
  /** Tells the connections in each change's layout room, except the connection the change came from. */
  deliver(changes: PublishedChange[]): void;
  /** Ends the user's connections, telling them why. */
  disconnectUser(userId: number, reason: AccountChange): void;
  /** Tells this process's connections in the layout's room an event (presence, comment: issue 50). */
  tell(layoutId: string, event: string, data: object): void;
}

export interface EditingChannelDependencies {
  db: Database;
  /** The process's one door into editing. */
  editing: EditingReceiver;
  layouts: LayoutsService;
  /** Whether a connection's token still holds, read again for each of its events; the names co-editors see. */
  accounts: Pick<AccountsService, 'current' | 'displayName'>;
  /** Comments, and who may hold blocks of a shared book (issue 50). */
  sharing: Pick<SharingService, 'comments' | 'mayHoldBlocks'>;
  validator: Validator;
  log: Logger;
  eventsPerSecond: number;
  socketsPerUser: number;
  userEventsPerSecond: number;
  metrics: Metrics;
}

export function createEditingChannel(deps: EditingChannelDependencies) {
  const transports: EditingTransport[] = [];
  const deliverHere = (changes: PublishedChange[]) => transports.forEach((transport) => transport.deliver(changes));
  const { editing } = deps;
  const stopHearing = editing.onPublish(deliverHere);
  const processId = editing.processId;
  const bus: LayoutBus | undefined = editing.spansProcesses ? listenToLayoutChanges({
    db: deps.db, log: deps.log, processId, read: editing.changesOf,
    watched: (layoutId) => transports.some((transport) => transport.watches(layoutId)),
    deliver: (changes: LayoutChange[]) => deliverHere(changes.map((change) => ({ change, origin: undefined }))),
  }) : undefined;
  const collaboration = createCollaboration({
    db: deps.db, log: deps.log, validator: deps.validator, processId, sharing: deps.sharing, accounts: deps.accounts,
    tell: (layoutId, event, data) => transports.forEach((transport) => transport.tell(layoutId, event, data)),
  });
  const requests = createEditingRequests({ ...deps, collaboration });
  // Every process hears every change, so each ends only its own connections. Listening again after an
  // interruption, the open connections are checked against their accounts: a change may have gone unheard.
  const accountChanges = listenToAccountChanges(deps.db, deps.log,
    (userId, change) => transports.forEach((transport) => transport.disconnectUser(userId, change)),
    () => requests.recheckOpenConnections().catch((error: unknown) => deps.log.warn({ err: error }, 'open editing connections not rechecked')));
  const memberChanges = listenToMemberChanges(deps.db, deps.log,
    (change) => change.role === null && requests.endMemberConnections(change.layoutId, change.userId));

  return {
    requests,
    addTransport(transport: EditingTransport): void {
      transports.push(transport);
    },
    /**
     * Why changes made in other processes would not reach this one's editors now (readiness's detail), or undefined.
     */
    problem: async () => bus?.problem(),
    /** Resolves once this process hears other processes' changes (at once on PGlite), or after timeoutMs. */
    listening: async (timeoutMs: number) => bus?.listening(timeoutMs),
    /** Stops hearing account changes and other processes' changes (the server is stopping). */
    close: () => {
      stopHearing();
      return Promise.all([accountChanges.close(), memberChanges.close(), collaboration.close(), bus?.close()]);
    },
  };
}

export type EditingChannel = ReturnType<typeof createEditingChannel>;
