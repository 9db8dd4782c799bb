// The editing channel of one process: one editor (group commit, exactly once) behind every transport. Its committed
// changes are told to this process's connections of each transport and, through the Socket.IO adapter of /layout
// (the bus between processes), to the other processes, which tell theirs. Account changes (logout, deletion, role)
// reach every process from the database itself (account-changes.ts), whoever made them.
import type { Logger } from 'pino';
import { type AccountChange, listenToAccountChanges } from '../auth/account-changes';
import type { UsersRepository } from '../auth/users-repository';
import type { Namespace } from 'socket.io';
import type { EditingConfig } from '../config';
import type { Database } from '../db/database';
import type { Validator } from '../http/validation';
import { createLayoutEditor, type LayoutChange, type PublishedChange } from '../layouts/editing/editor';
import type { LayoutsService } from '../layouts/service';
import type { PhotoLinks } from '../photos/photo-links';
import type { MediaStorage } from '../media/storage';
import type { Metrics } from '../metrics/metrics';
import { createEditingRequests } from './editing-requests';

/** What the channel asks of a transport about its connections in this process. */
export interface EditingTransport {
  /** Tells the connections in each change's layout room, except the connection the change came from. */
  deliver(changes: PublishedChange[]): void;
  /** Ends the user's connections, telling them why. */
  disconnectUser(userId: number, reason: AccountChange): void;
}

export interface EditingChannelDependencies {
  db: Database;
  media: MediaStorage;
  layouts: LayoutsService;
  users: UsersRepository;
  validator: Validator;
  log: Logger;
  eventsPerSecond: number;
  socketsPerUser: number;
  userEventsPerSecond: number;
  /** Whether other processes serve this channel too (a cross-process adapter is installed). */
  spansProcesses: boolean;
  metrics: Metrics;
  /** The editor's deadlines and queue bound. */
  editing: EditingConfig;
  /** Placed photos' links in the answers, and the DPI their quality is judged by. */
  photoLinks: PhotoLinks;
  printDpi: number;
}

const REMOTE_CHANGES = 'layout:changes';

export function createEditingChannel(bus: Namespace, deps: EditingChannelDependencies) {
  const transports: EditingTransport[] = [];
  const deliverHere = (changes: PublishedChange[]) => transports.forEach((transport) => transport.deliver(changes));

  // One batch, one message to the other processes; each tells its own connections.
  const publish = (changes: PublishedChange[]) => {
    deliverHere(changes);
    if (deps.spansProcesses) bus.serverSideEmit(REMOTE_CHANGES, changes.map(({ change }) => change));
  };
  bus.on(REMOTE_CHANGES, (changes: LayoutChange[]) => deliverHere(changes.map((change) => ({ change, origin: undefined }))));
  const editor = createLayoutEditor({
    db: deps.db, media: deps.media, log: deps.log, publish, limits: deps.editing, photoLinks: deps.photoLinks, printDpi: deps.printDpi,
  });
  const requests = createEditingRequests({ ...deps, editor });
  // Every process hears every change, so each ends only its own connections. Listening again after an
  // interruption, the open connections are checked against their accounts: a change may have gone unheard.
  const accountChanges = listenToAccountChanges(deps.db, deps.log,
    (userId, change) => transports.forEach((transport) => transport.disconnectUser(userId, change)),
    () => requests.recheckOpenConnections().catch((error: unknown) => deps.log.warn({ err: error }, 'open editing connections not rechecked')));

  return {
    requests,
    addTransport(transport: EditingTransport): void {
      transports.push(transport);
    },
    /** Stops hearing account changes (the server is stopping). */
    close: () => accountChanges.close(),
  };
}

export type EditingChannel = ReturnType<typeof createEditingChannel>;
