// A token bucket per socket: `perSecond` events a second on average, bursts of as many.
export function createTokenBucket(perSecond: number, now: () => number = Date.now) {
  let tokens = perSecond;
  let refilled = now();
  return {
    /** Whether one more event may pass now. */
    take(): boolean {
      const current = now();
      tokens = Math.min(perSecond, tokens + ((current - refilled) / 1000) * perSecond);
      refilled = current;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
