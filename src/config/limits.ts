// The limits that keep stored records and the editing channel's load bounded, parsed from the environment.
import { type Env, integer } from './values';
import { VARIABLES } from './variables';

const {
  EDITING_REPLAY_WINDOW_HOURS, SOCKETS_PER_USER, SOCKET_OUTGOING_BUFFER_BYTES, USER_EVENTS_PER_SECOND, LAYOUTS_PER_USER,
  BIN_RETENTION_DAYS, VISITOR_RETENTION_DAYS, IDEMPOTENCY_KEYS_PER_USER, EDITING_LOCK_TIMEOUT_MS, EDITING_STATEMENT_TIMEOUT_MS,
  EDITING_QUEUE_PER_LAYOUT, VIEWER_CACHE_BYTES, VIEWER_RENDER_QUEUE, VIEWER_RENDERS_PER_ADDRESS,
} = VARIABLES;

/** How long an editing message may wait on its layout, and how many may wait (see src/layouts/editing/editor.ts). */
export interface EditingConfig {
  /** lock_timeout of the editor's transactions: a layout locked longer by another transaction fails its batch. */
  lockTimeoutMs: number;
  /** statement_timeout of the editor's transactions. */
  statementTimeoutMs: number;
  /** Messages one layout may have waiting for their transaction; more are answered rate_limited. */
  queuePerLayout: number;
}

/** How the viewer's page images are drawn and kept (see src/layouts/viewer/page-images.ts). */
export interface ViewerConfig {
  /** Memory for drawn page images, per process. */
  cacheBytes: number;
  /** Drawings that may wait for their turn, per process; past them: 503. */
  renderQueue: number;
  /** Page images one client address may wait for at once, per process; past them: 429. */
  rendersPerAddress: number;
}

/** What keeps the stored records and the editing channel's load bounded, per user. */
export interface BoundsConfig {
  /** An applied editing transaction_id is replayed (exactly once) for at least this long, then purged. */
  readonly editingReplayWindowHours: number;
  /** Editing connections (both transports together) one user may hold open in one process; more: rate_limited. */
  readonly socketsPerUser: number;
  /** Bytes an editing connection may have waiting to be sent; one past them when more is to be sent is closed (4408). */
  readonly socketOutgoingBufferBytes: number;
  /** Editing-channel events all of one user's connections in one process may send per second; more: rate_limited. */
  readonly userEventsPerSecond: number;
  /** Layouts not in the bin one user may own; creating or restoring more is a 400. */
  readonly layoutsPerUser: number;
  /** A layout left unchanged in the bin this many days, and in no order, is deleted for good by the purge. */
  readonly binRetentionDays: number;
  /** A visitor account with no request for this many days is deleted with what it owns (never what an order holds). */
  readonly visitorRetentionDays: number;
  /** Idempotency-Key records kept per user; a new one pushes out the oldest. */
  readonly idempotencyKeysPerUser: number;
}

export function boundsConfig(env: Env): BoundsConfig {
  return {
    editingReplayWindowHours: integer(env, EDITING_REPLAY_WINDOW_HOURS),
    socketsPerUser: integer(env, SOCKETS_PER_USER),
    socketOutgoingBufferBytes: integer(env, SOCKET_OUTGOING_BUFFER_BYTES),
    userEventsPerSecond: integer(env, USER_EVENTS_PER_SECOND),
    layoutsPerUser: integer(env, LAYOUTS_PER_USER),
    binRetentionDays: integer(env, BIN_RETENTION_DAYS),
    visitorRetentionDays: integer(env, VISITOR_RETENTION_DAYS),
    idempotencyKeysPerUser: integer(env, IDEMPOTENCY_KEYS_PER_USER),
  };
}

export function editingConfig(env: Env): EditingConfig {
  return {
    lockTimeoutMs: integer(env, EDITING_LOCK_TIMEOUT_MS),
    statementTimeoutMs: integer(env, EDITING_STATEMENT_TIMEOUT_MS),
    queuePerLayout: integer(env, EDITING_QUEUE_PER_LAYOUT),
  };
}

export function viewerConfig(env: Env): ViewerConfig {
  return {
    cacheBytes: integer(env, VIEWER_CACHE_BYTES),
    renderQueue: integer(env, VIEWER_RENDER_QUEUE),
    rendersPerAddress: integer(env, VIEWER_RENDERS_PER_ADDRESS),
  };
}
