// LISTEN on a PostgreSQL server: one dedicated connection per process for every channel it listens on (a pooled one
// would be handed to other queries, and a pooler in transaction mode cannot carry LISTEN at all), opened again after
// any loss with a growing pause, so that a restart of the server is survived without a restart of ours. One connection,
// not one per channel: a process's connection budget is its pool + 1 (docs/operations.md, "Sizing").
import pg from 'pg';
import type { NotificationHandlers, NotificationListener } from './database';
import { type DatabaseTimeouts, pgTimeoutOptions } from './pg-timeouts';

const FIRST_RETRY_MS = 50;
const LAST_RETRY_MS = 2_000;

/** The connection string's application_name (an operator's name for the process's connections), or ours. */
function applicationNameOf(connectionString: string): string {
  try {
    return new URL(connectionString).searchParams.get('application_name') ?? 'photobook-listener';
  } catch {
    return 'photobook-listener';
  }
}

/** The one statement that listens on every channel: sent on each (re)connection, and as the connection's check. */
function listenStatement(channels: Iterable<string>): string {
  return [...channels].sort().map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; ');
}

export interface PostgresListener {
  /** Listens on channel (sharing the process's listening connection); the subscription's close() stops it. */
  listen(channel: string, handlers: NotificationHandlers): NotificationListener;
  /** Whether the listening connection is open and listening now (for the connection budget in /metrics). */
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * The process's listening connection, opened at the first subscription and closed with the last. A loss interrupts
 * every subscription (each is told, and told again when listening resumes); reconnect() asked by one replaces the
 * connection for all, as a connection that stopped delivering does so for every channel.
 */
export function openPostgresListener(connectionString: string, timeouts?: DatabaseTimeouts): PostgresListener {
  const subscriptions = new Map<string, Set<NotificationHandlers>>();
  let client: pg.Client | undefined;
  /** The channels LISTENed on the current client (once it is ready). */
  let listened = new Set<string>();
  let ready = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  const applicationName = applicationNameOf(connectionString);
  const everyHandler = () => [...subscriptions.values()].flatMap((handlers) => [...handlers]);

  const lose = (lost: pg.Client, error: Error) => {
    if (client !== lost) return;
    client = undefined;
    ready = false;
    listened = new Set();
    lost.end().catch(() => undefined);
    if (closed || subscriptions.size === 0) return;
    for (const handlers of everyHandler()) handlers.interrupted(error);
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  async function connect(): Promise<void> {
    retryTimer = undefined;
    if (closed || subscriptions.size === 0) return;
    const candidate = new pg.Client({ connectionString, application_name: applicationName, ...pgTimeoutOptions(timeouts) });
    client = candidate;
    // Without these listeners a lost connection would be an unhandled 'error' event, which ends the process.
    candidate.on('error', (error) => lose(candidate, error));
    candidate.on('end', () => lose(candidate, new Error('listening connection ended')));
    candidate.on('notification', (message) => {
      if (client !== candidate || !listened.has(message.channel)) return;
      for (const handlers of subscriptions.get(message.channel) ?? []) handlers.notification(message.payload ?? '');
    });
    try {
      await candidate.connect();
      // Channels subscribed while this statement ran are listened on by the next round.
      for (let missing = [...subscriptions.keys()]; missing.length > 0; missing = [...subscriptions.keys()].filter((c) => !listened.has(c))) {
        await candidate.query(listenStatement(missing));
        missing.forEach((channel) => listened.add(channel));
      }
    } catch (error) {
      lose(candidate, error as Error);
      return;
    }
    if (client !== candidate) return;
    ready = true;
    retryMs = FIRST_RETRY_MS;
    for (const handlers of everyHandler()) handlers.listening();
  }

  /** Adds a channel to a connection already listening; the subscriber is told once it listens. */
  const listenOnCurrent = async (channel: string, handlers: NotificationHandlers) => {
    const current = client!;
    try {
      if (!listened.has(channel)) await current.query(listenStatement([channel]));
    } catch (error) {
      lose(current, error as Error);
      return;
    }
    if (client !== current) return;
    listened.add(channel);
    handlers.listening();
  };

  const subscribe = (channel: string, handlers: NotificationHandlers) => {
    let handlersOf = subscriptions.get(channel);
    if (!handlersOf) subscriptions.set(channel, (handlersOf = new Set()));
    handlersOf.add(handlers);
    if (client && ready) void listenOnCurrent(channel, handlers);
    // Not yet connected (nor waiting to retry): connect now; a connection on its way listens on the new channel too.
    else if (!client && !retryTimer) void connect();
  };

  const unsubscribe = async (channel: string, handlers: NotificationHandlers) => {
    const handlersOf = subscriptions.get(channel);
    if (!handlersOf?.delete(handlers) || handlersOf.size > 0) return;
    subscriptions.delete(channel);
    const current = client;
    if (subscriptions.size === 0) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      client = undefined;
      ready = false;
      listened = new Set();
      await current?.end().catch(() => undefined);
    } else if (current && listened.delete(channel)) {
      await current.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    }
  };

  return {
    listen(channel, handlers) {
      subscribe(channel, handlers);
      return {
        async notify(payload) {
          if (!client || !ready) throw new Error('not listening');
          await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
        },
        async check() {
          if (!client || !ready) throw new Error('not listening');
          await client.query(listenStatement(listened));
        },
        reconnect() {
          if (client) lose(client, new Error('listening connection replaced: no notifications in time'));
        },
        close: () => unsubscribe(channel, handlers),
      };
    },
    connected: () => client !== undefined && ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      subscriptions.clear();
      const current = client;
      client = undefined;
      ready = false;
      await current?.end().catch(() => undefined);
    },
  };
}
