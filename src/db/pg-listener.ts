// LISTEN on a PostgreSQL server over a dedicated connection (a pooled one would be handed to other queries), opened
// again after any loss with a growing pause, so that a restart of the server is survived without a restart of ours.
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

export function listenOnPostgres(
  connectionString: string, channel: string, handlers: NotificationHandlers, timeouts?: DatabaseTimeouts,
): NotificationListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  const applicationName = applicationNameOf(connectionString);

  const lose = (lost: pg.Client, error: Error) => {
    if (client !== lost) return;
    client = undefined;
    lost.end().catch(() => undefined);
    if (closed) return;
    handlers.interrupted(error);
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  async function connect(): Promise<void> {
    const candidate = new pg.Client({ connectionString, application_name: applicationName, ...pgTimeoutOptions(timeouts) });
    client = candidate;
    // Without these listeners a lost connection would be an unhandled 'error' event, which ends the process.
    candidate.on('error', (error) => lose(candidate, error));
    candidate.on('end', () => lose(candidate, new Error('listening connection ended')));
    candidate.on('notification', (message) => {
      if (message.channel === channel && client === candidate) handlers.notification(message.payload ?? '');
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(candidate, error as Error);
      return;
    }
    if (client !== candidate) return;
    retryMs = FIRST_RETRY_MS;
    handlers.listening();
  }

  void connect();
  return {
    async notify(payload) {
      if (!client) throw new Error('not listening');
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async check() {
      if (!client) throw new Error('not listening');
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    reconnect() {
      if (client) lose(client, new Error('listening connection replaced: no notifications in time'));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
