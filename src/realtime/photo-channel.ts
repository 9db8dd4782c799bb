// The photo library's channel: a plain WebSocket at /photos/ws?jwt=..., which the shop's front end keeps open to hear
// that an upload was processed (photo_uploaded) or failed (fail_upload_photo). Push only: what the client sends is
// ignored. Same token check, per-user connection cap, outgoing bound, pings and session ends as the editing channel's
// plain WebSocket; the events come from every process through the database (photos/photo-events.ts).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import { listenToAccountChanges } from '../auth/account-changes';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import type { AccountsService } from '../auth/accounts-service';
import type { Database } from '../db/database';
import type { PhotoLinks } from '../photos/photo-links';
import { listenToPhotoEvents, photoEventFrame, type PhotoEvent } from '../photos/photo-events';
import type { PhotosService } from '../photos/service';
import type { Liveness } from './liveness';
import type { OutgoingBuffers } from './outgoing-buffer';
import { atExpiry, SESSION_ENDS, type SessionEnd } from './session-end';
import { createUserLimits } from './user-limits';
import {
  CLOSE_GOING_AWAY, CLOSE_TOO_MANY_CONNECTIONS, refuseUpgrade, sendFrame, SHUTTING_DOWN, upgradePath, upgradeWithToken,
} from './websocket-upgrade';

export const PHOTO_CHANNEL_PATH = '/photos/ws';

export interface PhotoChannelDependencies {
  /** Whom ?jwt= stands for, and whether an open connection's token still holds. */
  accounts: Pick<AccountsService, 'holderOf' | 'current'>;
  db: Database;
  photos: PhotosService;
  /** The signed links of a photo's images, as the library answers them. */
  photoLinks: PhotoLinks;
  log: Logger;
  /** Larger frames close the connection (1009). */
  maxFrameBytes: number;
  liveness: Liveness;
  outgoingBuffers: OutgoingBuffers;
  /** SOCKETS_PER_USER: photo connections per user in this process, counted apart from the editing channel's. */
  socketsPerUser: number;
  userEventsPerSecond: number;
}

interface PhotoConnection {
  socket: WebSocket;
  user: AuthenticatedUser;
  terms: TokenTerms;
  end(reason: SessionEnd): void;
}

export function attachPhotoChannel(server: Server, deps: PhotoChannelDependencies) {
  const webSockets = new WebSocketServer({ noServer: true, maxPayload: deps.maxFrameBytes, perMessageDeflate: false, clientTracking: false });
  const userLimits = createUserLimits(deps);
  const byUser = new Map<number, Set<PhotoConnection>>();
  const everyConnection = () => [...byUser.values()].flatMap((connections) => [...connections]);
  let closing = false;

  async function tell({ photoId, ownerId, kind }: PhotoEvent): Promise<void> {
    if (!byUser.has(ownerId)) return;
    // A photo hidden since (or gone) is not told of.
    const photo = await deps.photos.photo(ownerId, photoId).catch(() => undefined);
    const frame = photo && photoEventFrame(photo, deps.photoLinks, kind);
    if (!frame) return;
    for (const connection of byUser.get(ownerId) ?? []) sendFrame(connection.socket, frame, deps.outgoingBuffers);
  }
  const photoEvents = listenToPhotoEvents(deps.db, deps.log,
    (event) => void tell(event).catch((error: unknown) => deps.log.warn({ err: error, ...event }, 'photo event not told')));

  // As on the editing channel: every process hears every change and ends its own connections; listening again after
  // an interruption, the open connections are checked against their accounts, since a change may have gone unheard.
  const recheck = async () => {
    for (const connection of everyConnection()) {
      const user = await deps.accounts.current(connection);
      if (!user) connection.end('invalid_token');
      else if (user.role !== connection.user.role) connection.end('role_changed');
    }
  };
  const accountChanges = listenToAccountChanges(deps.db, deps.log,
    (userId, change) => byUser.get(userId)?.forEach((connection) => connection.end(change)),
    () => void recheck().catch((error: unknown) => deps.log.warn({ err: error }, 'open photo connections not rechecked')));

  function open(socket: WebSocket, user: AuthenticatedUser, terms: TokenTerms): void {
    const lease = userLimits.admit(user.id);
    if (!lease) return socket.close(CLOSE_TOO_MANY_CONNECTIONS, `More than ${deps.socketsPerUser} photo connections for one user.`);
    const connection: PhotoConnection = {
      socket, user, terms,
      end: (reason) => socket.close(SESSION_ENDS[reason].closeCode, SESSION_ENDS[reason].message),
    };
    (byUser.get(user.id) ?? byUser.set(user.id, new Set()).get(user.id)!).add(connection);
    const stopExpiryTimer = atExpiry(terms.expiresAt, () => connection.end('token_expired'));
    deps.liveness.watch(socket);
    deps.outgoingBuffers.watchWebSocket(socket);
    // A frame over the limit or a protocol violation: ws closes the connection itself (1009, 1002, 1007).
    socket.on('error', (error) => deps.log.debug({ err: error }, 'photo websocket closed on a bad frame'));
    socket.on('close', () => {
      stopExpiryTimer();
      lease.release();
      const connections = byUser.get(user.id);
      connections?.delete(connection);
      if (connections?.size === 0) byUser.delete(user.id);
    });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = upgradePath(request);
    if (target?.path !== PHOTO_CHANNEL_PATH) return;
    if (closing) return refuseUpgrade(socket, 503);
    upgradeWithToken(webSockets, request, socket, head, target.url, { ...deps, closing: () => closing }, open);
  });

  return {
    /** Asks every connection to close (1001), refuses new upgrades and stops listening. */
    async close(): Promise<void> {
      closing = true;
      for (const connection of everyConnection()) connection.socket.close(CLOSE_GOING_AWAY, SHUTTING_DOWN);
      await Promise.all([photoEvents.close(), accountChanges.close()]);
    },
    /** Drops what is still open, at the shutdown deadline. */
    terminate(): void {
      for (const connection of everyConnection()) connection.socket.terminate();
    },
  };
}
