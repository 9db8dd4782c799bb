// At most `limit` tasks at once; the others wait in arrival order. Bounds memory-hungry work such as decoding images.
// The wait may be bounded too (maxWaiting), and a waiting task may be withdrawn (its signal aborts) before it starts.

/** The wait is full: the task was refused without waiting. */
export class LimiterFullError extends Error {}

export interface Limiter {
  /**
   * Runs the task when a place is free. Rejects with LimiterFullError when maxWaiting tasks already wait, and with
   * the signal's reason when the signal aborts before the task started (a task that started runs to its end).
   */
  run<T>(task: () => Promise<T>, options?: { signal?: AbortSignal }): Promise<T>;
  /** Tasks running now, and waiting for their turn. */
  readonly running: number;
  readonly waiting: number;
}

export function createLimiter(limit: number, options: { maxWaiting?: number } = {}): Limiter {
  const maxWaiting = options.maxWaiting ?? Infinity;
  let running = 0;
  const waiting: (() => void)[] = [];

  /** A place among the waiting, given once a running task hands its slot on; the signal withdraws it. */
  const turn = (signal: AbortSignal | undefined) => new Promise<void>((resolve, reject) => {
    const withdraw = () => {
      waiting.splice(waiting.indexOf(start), 1);
      reject(signal!.reason);
    };
    const start = () => {
      signal?.removeEventListener('abort', withdraw);
      resolve();
    };
    waiting.push(start);
    signal?.addEventListener('abort', withdraw, { once: true });
  });

  return {
    async run(task, { signal } = {}) {
      signal?.throwIfAborted();
      if (running < limit) running += 1;
      else if (waiting.length >= maxWaiting) throw new LimiterFullError(`${waiting.length} tasks are already waiting`);
      else await turn(signal);
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `running` never drops below what actually runs.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
