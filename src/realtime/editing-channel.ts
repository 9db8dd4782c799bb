// The editing channel of one process: one editor (group commit, exactly once) behind every transport. Its committed
// changes are told to this process's connections of each transport and, through the Socket.IO adapter of /layout
// (the bus between processes), to the other processes, which tell theirs. Logouts travel the same way.
import type { Logger } from 'pino';
import type { Namespace } from 'socket.io';
import type { EditingConfig } from '../config';
import type { Database } from '../db/database';
import type { Validator } from '../http/validation';
import { createLayoutEditor, type LayoutChange, type PublishedChange } from '../layouts/editing/editor';
import type { LayoutsService } from '../layouts/service';
import type { MediaStorage } from '../media/storage';
import type { Metrics } from '../metrics/metrics';
import { createEditingRequests } from './editing-requests';

/** What the channel asks of a transport about its connections in this process. */
export interface EditingTransport {
  /** Tells the connections in each change's layout room, except the connection the change came from. */
  deliver(changes: PublishedChange[]): void;
  /** Closes the user's connections (logout). */
  disconnectUser(userId: number): void;
}

export interface EditingChannelDependencies {
  db: Database;
  media: MediaStorage;
  layouts: LayoutsService;
  validator: Validator;
  log: Logger;
  eventsPerSecond: number;
  /** Whether other processes serve this channel too (a cross-process adapter is installed). */
  spansProcesses: boolean;
  metrics: Metrics;
  /** The editor's deadlines and queue bound. */
  editing: EditingConfig;
}

const REMOTE_CHANGES = 'layout:changes';
const REMOTE_LOGOUT = 'user:logged-out';

export function createEditingChannel(bus: Namespace, deps: EditingChannelDependencies) {
  const transports: EditingTransport[] = [];
  const deliverHere = (changes: PublishedChange[]) => transports.forEach((transport) => transport.deliver(changes));
  const disconnectHere = (userId: number) => transports.forEach((transport) => transport.disconnectUser(userId));

  // One batch, one message to the other processes; each tells its own connections.
  const publish = (changes: PublishedChange[]) => {
    deliverHere(changes);
    if (deps.spansProcesses) bus.serverSideEmit(REMOTE_CHANGES, changes.map(({ change }) => change));
  };
  bus.on(REMOTE_CHANGES, (changes: LayoutChange[]) => deliverHere(changes.map((change) => ({ change, origin: undefined }))));
  bus.on(REMOTE_LOGOUT, (userId: number) => disconnectHere(userId));

  const editor = createLayoutEditor({ db: deps.db, media: deps.media, log: deps.log, publish, limits: deps.editing });
  return {
    requests: createEditingRequests({ ...deps, editor }),
    addTransport(transport: EditingTransport): void {
      transports.push(transport);
    },
    /** Disconnects every connection of the user, of both transports, in every process: called on logout. */
    disconnectUser(userId: number): void {
      disconnectHere(userId);
      if (deps.spansProcesses) bus.serverSideEmit(REMOTE_LOGOUT, userId);
    },
  };
}

export type EditingChannel = ReturnType<typeof createEditingChannel>;
