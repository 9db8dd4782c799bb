// A small in-process cache of slow lookups with a lifetime, bounded in entries; concurrent misses share one load.

export function createTtlCache<Value>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, { expires: number; value: Promise<Value> }>();
  return {
    get(key: string, load: () => Promise<Value>): Promise<Value> {
      const now = Date.now();
      const cached = entries.get(key);
      if (cached && cached.expires > now) return cached.value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load is not remembered: the next caller tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
