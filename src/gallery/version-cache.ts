// Values computed once per catalog version: when the version moves, everything cached for the old one is dropped.
// Bounded, least recently used first out; concurrent requests for the same key share one computation.
export class VersionCache<Value> {
  private version = -1;
  private readonly entries = new Map<string, Promise<Value>>();

  constructor(private readonly capacity: number) {}

  get(version: number, key: string, compute: () => Promise<Value>): Promise<Value> {
    // A request that read the version just before it moved is answered, but must not evict the newer entries.
    if (version < this.version) return compute();
    if (version > this.version) {
      this.entries.clear();
      this.version = version;
    }
    const cached = this.entries.get(key);
    if (cached) {
      // Re-inserted so that Map order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const value = compute();
    this.entries.set(key, value);
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
