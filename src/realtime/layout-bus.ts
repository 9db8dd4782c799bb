// Layout changes between the service's processes (with a PostgreSQL server; PGlite has one process). Each editing
// batch's write statement sends a change notice at its commit (src/layouts/editing/change-notices.ts); every process
// listens, and one with editors of a noticed layout reads those transactions' acks and tells its connections, in
// commit order. The sender told its own connections already and skips its notices.
import type { Logger } from 'pino';
import type { Database, NotificationListener } from '../db/database';
import { LAYOUT_CHANGES_CHANNEL, type NoticedTransaction, parseChangeNotice } from '../layouts/editing/change-notices';
import type { LayoutChange } from '../layouts/editing/editor';
import { withTimeout } from '../util/with-timeout';

/** How long the check of the listening connection may take before it counts as not answering. */
const CHECK_TIMEOUT_MS = 1500;
/** Transactions read in one query; more noticed meanwhile wait for the next. */
const READ_AT_ONCE = 1000;
/**
 * Noticed transactions waiting to be read, at most: past it (the database answers slower than changes come) the
 * oldest are dropped with a warning rather than held without bound. Their editors are behind until they join again.
 */
const MAX_WAITING = 20_000;
const NOT_REACHING = 'Editing changes made in other processes do not reach this one';

export interface LayoutBusDependencies {
  db: Database;
  log: Logger;
  /** This process's id in its notices (the editor's noticesFrom): its own are skipped. */
  processId: string;
  /** Whether this process has connections in the layout's room. */
  watched(layoutId: string): boolean;
  /** The changes of noticed transactions, in order (the editor reads their acks). */
  read(noticed: NoticedTransaction[]): Promise<LayoutChange[]>;
  /** Tells this process's connections. */
  deliver(changes: LayoutChange[]): void;
}

export interface LayoutBus {
  /**
   * Why changes made in other processes would not reach editors connected to this one right now, as readiness's
   * detail; undefined when they would.
   */
  problem(): Promise<string | undefined>;
  /** Resolves once it listens, or after the time given, whichever comes first. */
  listening(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export function listenToLayoutChanges(deps: LayoutBusDependencies): LayoutBus {
  const { db, log, processId } = deps;
  let waiting: NoticedTransaction[] = [];
  let reading = false;
  let connected = false;

  /** One read at a time, so that changes are delivered in the order they were committed. */
  async function drain(): Promise<void> {
    if (reading) return;
    reading = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, READ_AT_ONCE);
      try {
        const changes = await deps.read(batch);
        if (changes.length > 0) deps.deliver(changes);
      } catch (error) {
        log.warn({ err: error, transactions: batch.length }, 'changes made in another process could not be read; their editors here miss them');
      }
    }
    reading = false;
  }

  function receive(payload: string): void {
    const notice = parseChangeNotice(payload);
    if (!notice) {
      log.warn({ payload: payload.slice(0, 200) }, 'layout change notice not understood');
      return;
    }
    if (notice.from === processId) return;
    waiting.push(...notice.applied.filter((entry) => deps.watched(entry.layoutId)));
    if (waiting.length > MAX_WAITING) {
      log.warn({ dropped: waiting.length - MAX_WAITING }, 'layout changes of other processes dropped: more waiting than the bound');
      waiting = waiting.slice(-MAX_WAITING);
    }
    void drain();
  }

  const listener: NotificationListener = db.listen(LAYOUT_CHANGES_CHANNEL, {
    notification: receive,
    listening: () => { connected = true; },
    interrupted: (error) => {
      connected = false;
      log.warn({ error: error.message }, 'layout change notices interrupted: changes made in other processes do not reach this one until it listens again');
    },
  });

  const problem = async () => {
    if (!connected) return `${NOT_REACHING}: its LISTEN connection to the database was lost; reconnecting.`;
    try {
      await withTimeout(listener.check(), CHECK_TIMEOUT_MS);
    } catch {
      return `${NOT_REACHING}: its LISTEN connection to the database does not answer.`;
    }
    return undefined;
  };

  return {
    problem,
    async listening(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && (await problem()) !== undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: () => listener.close(),
  };
}
