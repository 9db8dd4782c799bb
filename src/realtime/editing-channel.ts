// The editing channel of one process: one editor (group commit, exactly once) behind every transport. Its committed
// changes are told to this process's connections of each transport and, with a PostgreSQL server, to the other
// processes by the change notices its transactions send at commit (layout-bus.ts), which tell theirs. Account changes
// (logout, deletion, role) reach every process from the database itself (account-changes.ts), whoever made them.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type AccountChange, listenToAccountChanges } from '../auth/account-changes';
import type { UsersRepository } from '../auth/users-repository';
import type { EditingConfig } from '../config';
import type { Database } from '../db/database';
import type { Validator } from '../http/validation';
import type { TextImageLink } from '../layouts/text-images';
import { createLayoutEditor, type LayoutChange, type PublishedChange } from '../layouts/editing/editor';
import type { LayoutsService } from '../layouts/service';
import { listenToMemberChanges } from '../layouts/sharing/member-changes';
import type { PhotoLinks } from '../photos/photo-links';
import type { MediaStorage } from '../media/storage';
import type { Metrics } from '../metrics/metrics';
import type { PreflightOf } from '../shared/preflight';
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
  media: MediaStorage;
  layouts: LayoutsService;
  users: UsersRepository;
  validator: Validator;
  log: Logger;
  eventsPerSecond: number;
  socketsPerUser: number;
  userEventsPerSecond: number;
  metrics: Metrics;
  /** The editor's deadlines and queue bound. */
  editing: EditingConfig;
  /** Placed photos' links in the answers, and the DPI their quality is judged by. */
  photoLinks: PhotoLinks;
  printDpi: number;
  /** The book's preflight as the cart runs it: layout/finish refuses what the cart would. */
  preflightOf?: PreflightOf;
  /** The links of the pictures of a book's texts (content.link). */
  textImage?: TextImageLink;
}

export function createEditingChannel(deps: EditingChannelDependencies) {
  const transports: EditingTransport[] = [];
  const deliverHere = (changes: PublishedChange[]) => transports.forEach((transport) => transport.deliver(changes));
  // Other processes may serve the channel only on a database server (PGlite is one process's).
  const spansProcesses = deps.db.kind === 'postgres';
  const processId = randomUUID();
  const editor = createLayoutEditor({
    db: deps.db, media: deps.media, log: deps.log, publish: deliverHere, limits: deps.editing, photoLinks: deps.photoLinks,
    printDpi: deps.printDpi, noticesFrom: spansProcesses ? processId : undefined, textImage: deps.textImage,
    preflightOf: deps.preflightOf,
  });
  const bus: LayoutBus | undefined = spansProcesses ? listenToLayoutChanges({
    db: deps.db, log: deps.log, processId, read: editor.changesOf,
    watched: (layoutId) => transports.some((transport) => transport.watches(layoutId)),
    deliver: (changes: LayoutChange[]) => deliverHere(changes.map((change) => ({ change, origin: undefined }))),
  }) : undefined;
  const collaboration = createCollaboration({
    db: deps.db, log: deps.log, validator: deps.validator, processId,
    tell: (layoutId, event, data) => transports.forEach((transport) => transport.tell(layoutId, event, data)),
  });
  const requests = createEditingRequests({ ...deps, editor, collaboration });
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
    close: () => Promise.all([accountChanges.close(), memberChanges.close(), collaboration.close(), bus?.close()]),
  };
}

export type EditingChannel = ReturnType<typeof createEditingChannel>;
