// Catalog changes pushed by the database (LISTEN/NOTIFY, migration 0008), so that a cached gallery page is served
// without asking the database anything.
//
// How long a cached page can be out of date is bounded: the feed sends itself a ping through the channel every
// quarter of maxStalenessMs. Notifications are delivered in commit order, so when a ping comes back every change
// committed before it was sent has been delivered. If no ping has come back for maxStalenessMs (the connection was
// lost, or the server is stuck), the feed is not `current`: the gallery drops its cache and answers from the
// database until pings return. A process also waits for a ping after writes of its own (`catchUp`), so that a
// change it made is in its very next answer.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database, NotificationListener } from '../db/database';
import { type CatalogChange, parseCatalogChange } from './changes';

export const CATALOG_CHANNEL = 'photobook_catalog';

interface Ping {
  sentAt: number;
  writes: number;
  done: (delivered: boolean) => void;
}

export class CatalogChangeFeed {
  private readonly id = randomUUID();
  private listener: NotificationListener | undefined;
  private listening = false;
  private closed = false;
  private isCurrent = false;
  private seq = 0;
  private readonly pings = new Map<number, Ping>();
  /** Local writes (db.writes.count) known to be delivered: those counted before a returned ping was sent. */
  private writesDelivered = -1;
  private catchingUp: { writes: number; done: Promise<boolean> } | undefined;
  private beating = false;
  private staleTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly subscribers: ((change: CatalogChange) => void)[] = [];

  constructor(private readonly db: Database, private readonly maxStalenessMs: number, private readonly log: Logger) {}

  /** Called with every change, and with 'everything' whenever deliveries may have been missed. */
  onChange(subscriber: (change: CatalogChange) => void): void {
    this.subscribers.push(subscriber);
  }

  /** True when cached pages may be served; the first call starts listening (a command that never asks never does). */
  get current(): boolean {
    if (!this.listener && !this.closed) this.start();
    return this.isCurrent;
  }

  /** True when this process has written since its last ping returned: catchUp() before serving from the cache. */
  get behindLocalWrites(): boolean {
    return this.db.writes.count > this.writesDelivered;
  }

  /** Resolves true once every change committed before the call has been delivered; false if that cannot be known. */
  catchUp(): Promise<boolean> {
    const writes = this.db.writes.count;
    if (this.catchingUp && this.catchingUp.writes >= writes) return this.catchingUp.done;
    const done = this.ping();
    const attempt = { writes, done };
    this.catchingUp = attempt;
    void done.finally(() => {
      if (this.catchingUp === attempt) this.catchingUp = undefined;
    });
    return done;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.staleTimer);
    this.settlePings(false);
    await this.listener?.close();
  }

  private start(): void {
    this.listener = this.db.listen(CATALOG_CHANNEL, {
      notification: (payload) => this.receive(payload),
      listening: () => {
        this.listening = true;
        // Not current until the first ping returns: only then are the changes missed while away flushed.
        void this.ping();
      },
      interrupted: (error) => {
        this.listening = false;
        this.becomeStale('listening connection lost', error);
      },
    });
    this.heartbeat = setInterval(() => this.beat(), Math.max(25, Math.floor(this.maxStalenessMs / 4)));
    this.heartbeat.unref();
  }

  /**
   * One heartbeat ping at a time: while one is out, more would only pile up on a stalled connection. A ping that does
   * not come back means a connection that delivers nothing, stuck rather than closed: it is replaced.
   */
  private beat(): void {
    if (this.beating) return;
    this.beating = true;
    void this.ping().then((delivered) => {
      this.beating = false;
      if (!delivered && this.listening && !this.closed) this.listener?.reconnect();
    });
  }

  private ping(): Promise<boolean> {
    if (!this.listening || !this.listener) return Promise.resolve(false);
    const seq = ++this.seq;
    return new Promise<boolean>((resolve) => {
      // Not back within the staleness bound: it is taken as lost.
      const timeout = setTimeout(() => {
        if (this.pings.delete(seq)) resolve(false);
      }, this.maxStalenessMs);
      timeout.unref();
      const done = (delivered: boolean) => {
        clearTimeout(timeout);
        resolve(delivered);
      };
      this.pings.set(seq, { sentAt: performance.now(), writes: this.db.writes.count, done });
      this.listener!.notify(JSON.stringify({ scope: 'ping', feed: this.id, seq })).catch(() => {
        this.pings.delete(seq);
        done(false);
      });
    });
  }

  private receive(payload: string): void {
    if (payload.startsWith('{"scope":"ping"')) {
      this.pingReturned(payload);
      return;
    }
    this.publish(parseCatalogChange(payload));
  }

  private pingReturned(payload: string): void {
    let message: { feed?: unknown; seq?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const { feed, seq } = message;
    if (feed !== this.id || typeof seq !== 'number') return;
    const ping = this.pings.get(seq);
    if (!ping) return;
    // Pings return in the order they were sent; any still waiting from before this one were lost with a connection.
    for (const [earlier, waiting] of this.pings) {
      if (earlier > seq) break;
      this.pings.delete(earlier);
      waiting.done(earlier === seq);
    }
    if (!this.isCurrent) {
      // Changes may have been missed while not current: start from nothing.
      this.publish({ scope: 'everything' });
      this.isCurrent = true;
      this.log.info('gallery cache on: catalog change notifications flowing');
    }
    this.writesDelivered = Math.max(this.writesDelivered, ping.writes);
    clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(
      () => this.becomeStale('no word from the database in time'), Math.max(0, ping.sentAt + this.maxStalenessMs - performance.now()));
    this.staleTimer.unref();
  }

  private becomeStale(reason: string, error?: Error): void {
    // Told once per outage, not at every failed attempt to listen again while the database is away.
    if (this.isCurrent && !this.closed) this.log.warn({ err: error, maxStalenessMs: this.maxStalenessMs }, `gallery cache off: ${reason}`);
    this.isCurrent = false;
    clearTimeout(this.staleTimer);
    this.settlePings(false);
    this.publish({ scope: 'everything' });
  }

  private settlePings(delivered: boolean): void {
    for (const ping of this.pings.values()) ping.done(delivered);
    this.pings.clear();
  }

  private publish(change: CatalogChange): void {
    for (const subscriber of this.subscribers) subscriber(change);
  }
}
