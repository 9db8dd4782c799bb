// The Socket.IO PostgreSQL adapter's connections: one held in LISTEN (taken with connect()), the others for its
// publishes (pool.query). The adapter reconnects its listener when it ends, but never gives the ended one back.
import pg from 'pg';

/** Waits before taking a new listener after repeated losses: nothing at the first, then doubling up to the last. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;
/** A listener that lived this long was stable: its loss starts the backoff over. */
const STABLE_MS = 30_000;

const never = <T>() => new Promise<T>(() => undefined);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

interface Listener {
  client: pg.PoolClient;
  since: number;
}

/** The connection's release for this checkout, callable more than once (the adapter releases it too when it closes). */
function releaseOnce(client: pg.PoolClient): void {
  const release = client.release;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (!released) release(error);
    released = true;
  };
}

/**
 * Left alone, each loss of the adapter's listener keeps one slot of the pool for good: after `max` losses its
 * publishes wait for a connection that never comes, and the listener cannot come back. Here the listener goes back to
 * the pool (dropped) when it ends, or when the adapter asks for another (its LISTEN failed on it), so at most one is
 * held; repeated losses wait longer and longer before the next one is taken. Once closed, this pool hands out no
 * connection at all (the request never completes), so nothing the adapter still reconnects can outlive the stop.
 */
export class AdapterPool extends pg.Pool {
  private closed = false;
  private listener: Listener | undefined;
  /** Losses of the listener (or failures to take one) since it was last stable. */
  private losses = 0;

  /** onLoss: told each time the listener is lost or cannot be taken, with the wait before the next attempt. */
  constructor(config: pg.PoolConfig, private readonly onLoss: (retryInMs: number) => void) {
    super(config);
    // Given back by the adapter (when it closes) or by drop(): no longer the listener, and never to be released again
    // (the pool may have handed it to a query since).
    this.on('release', (_error, client) => {
      if (this.listener?.client === client) this.listener = undefined;
    });
  }

  override connect(...args: unknown[]): never {
    if (this.closed) return never() as never;
    // With a callback: pool.query's own connections, which come and go alone.
    if (args.length > 0) return (super.connect as (...parameters: unknown[]) => unknown)(...args) as never;
    return this.connectListener() as never;
  }

  /** The connection the adapter listens on (LISTEN ran on it, or is running), if it has one. */
  get listening(): pg.PoolClient | undefined {
    return this.listener?.client;
  }

  private retryDelay(): number {
    return this.losses <= 1 ? 0 : Math.min(FIRST_RETRY_MS * 2 ** (this.losses - 2), LAST_RETRY_MS);
  }

  private lost(): void {
    this.losses += 1;
    this.onLoss(this.retryDelay());
  }

  private async connectListener(): Promise<pg.PoolClient> {
    await pause(this.retryDelay());
    if (this.closed) return never();
    let client: pg.PoolClient;
    try {
      client = await (super.connect as () => Promise<pg.PoolClient>)();
    } catch (error) {
      this.lost();
      throw error;
    }
    if (this.closed) {
      client.release(true);
      return never();
    }
    releaseOnce(client);
    // It asks for a new one only when it no longer uses the one it had: a LISTEN that failed, or two reconnections.
    this.drop(false);
    const listener = { client, since: Date.now() };
    this.listener = listener;
    client.once('end', () => {
      if (this.listener !== listener) return;
      if (Date.now() - listener.since >= STABLE_MS) this.losses = 0;
      this.drop(true);
    });
    return client;
  }

  /** Gives the listener back to the pool, ending its connection; one the adapter left must not make it reconnect. */
  private drop(ended: boolean): void {
    const current = this.listener;
    if (!current) return;
    if (!ended) {
      current.client.removeAllListeners('end');
      current.client.removeAllListeners('notification');
    }
    current.client.release(true);
    if (!this.closed) this.lost();
  }

  /** Ends the pool, dropping the listener the adapter still holds. */
  async close(): Promise<void> {
    this.closed = true;
    this.drop(false);
    await this.end();
  }
}
