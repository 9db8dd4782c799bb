// At most `limit` tasks at once; the others wait in arrival order, or, when tasks name whose they are, by turns between
// those owners (one shopper's many large photos do not hold another's first one behind them). Bounds memory-hungry
// work such as decoding images. The wait may be bounded too (maxWaiting), and a waiting task may be withdrawn (its
// signal aborts) before it starts.

/** The wait is full: the task was refused without waiting. */
export class LimiterFullError extends Error {}

export interface Limiter {
  /**
   * Runs the task when a place is free. Rejects with LimiterFullError when maxWaiting tasks already wait, and with
   * the signal's reason when the signal aborts before the task started (a task that started runs to its end).
   */
  run<T>(task: () => Promise<T>, options?: { signal?: AbortSignal; owner?: string | number }): Promise<T>;
  /** Tasks running now, and waiting for their turn. */
  readonly running: number;
  readonly waiting: number;
}

export function createLimiter(limit: number, options: { maxWaiting?: number } = {}): Limiter {
  const maxWaiting = options.maxWaiting ?? Infinity;
  let running = 0;
  let waitingCount = 0;
  /** Each owner's waiting tasks in arrival order; the map's order is the owners' turn order. */
  const waiting = new Map<string | number, (() => void)[]>();

  /** The next task to start: the first of the owner whose turn it is, who then goes to the end of the turns. */
  const nextWaiting = (): (() => void) | undefined => {
    const first = waiting.entries().next();
    if (first.done) return undefined;
    const [owner, tasks] = first.value;
    waiting.delete(owner);
    const start = tasks.shift()!;
    if (tasks.length > 0) waiting.set(owner, tasks);
    waitingCount -= 1;
    return start;
  };

  /** A place among the waiting, given once a running task hands its slot on; the signal withdraws it. */
  const turn = (owner: string | number, signal: AbortSignal | undefined) => new Promise<void>((resolve, reject) => {
    const withdraw = () => {
      const tasks = waiting.get(owner)!;
      tasks.splice(tasks.indexOf(start), 1);
      if (tasks.length === 0) waiting.delete(owner);
      waitingCount -= 1;
      reject(signal!.reason);
    };
    const start = () => {
      signal?.removeEventListener('abort', withdraw);
      resolve();
    };
    const tasks = waiting.get(owner);
    if (tasks) tasks.push(start);
    else waiting.set(owner, [start]);
    waitingCount += 1;
    signal?.addEventListener('abort', withdraw, { once: true });
  });

  return {
    async run(task, { signal, owner = '' } = {}) {
      signal?.throwIfAborted();
      if (running < limit) running += 1;
      else if (waitingCount >= maxWaiting) throw new LimiterFullError(`${waitingCount} tasks are already waiting`);
      else await turn(owner, signal);
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `running` never drops below what actually runs.
        const next = nextWaiting();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waitingCount;
    },
  };
}
