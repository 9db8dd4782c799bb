// At most `limit` tasks at once; the others wait in arrival order. Bounds memory-hungry work such as decoding images.
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createLimiter(limit: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `running` never drops below what actually runs.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
