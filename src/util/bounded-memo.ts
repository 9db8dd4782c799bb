// Values worked out once and found again by key, synchronously, for pure computations that hot paths repeat (a
// photo's signed link, a text's fit). Bounded in entries: past the bound the oldest entry goes. (ttl-cache.ts is the
// asynchronous kind, for lookups that expire.)

export function createBoundedMemo<Value>(maxEntries: number) {
  const values = new Map<string, Value>();
  return {
    get(key: string, make: () => Value): Value {
      if (values.has(key)) return values.get(key)!;
      const value = make();
      if (values.size >= maxEntries) values.delete(values.keys().next().value as string);
      values.set(key, value);
      return value;
    },
    clear: () => values.clear(),
  };
}
