// One deadline for the whole graceful stop: the server drains its requests while the worker finishes its jobs,
// both until shortly before the deadline, then the database closes. Nothing waits for one part before the other.
import type { Runtime } from './runtime';
import type { RunningServer } from './server';

const QUEUE_CHECK_INTERVAL_MS = 500;

/** Time kept back from the deadline for closing the database (PGlite writes its folder then). */
export function closingReserveMs(shutdownTimeoutMs: number): number {
  return Math.min(1000, Math.floor(shutdownTimeoutMs / 5));
}

/** Stops what runs and closes the runtime by deadlineAt (epoch ms); true when nothing had to be cut. */
export async function stopWithin(deadlineAt: number, runtime: Runtime, server?: RunningServer): Promise<boolean> {
  const stopsAt = deadlineAt - closingReserveMs(runtime.config.shutdownTimeoutMs);
  const [served, worked] = await Promise.all([
    server ? server.stop(stopsAt) : true,
    // pg-boss looks at its running jobs every half second, so it may overrun its timeout by that much.
    runtime.queue.stop(Math.max(stopsAt - Date.now() - QUEUE_CHECK_INTERVAL_MS, 0)),
  ]);
  // The queue is stopped already: closing the runtime now only closes the database.
  const closed = await runtime.close();
  return served && worked && closed;
}
