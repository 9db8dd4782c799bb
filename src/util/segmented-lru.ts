// A cache bounded by bytes, in two segments so that a flood of one-off keys cannot push out what is asked for again
// and again (segmented LRU). A new entry goes to the probation segment; only a second hit promotes it to the
// protected segment, which holds at most protectedShare of the budget. Room is made by dropping the least recently
// used entry of probation first, so a stream of distinct keys (search strings, say) only ever evicts its own kind.
// Probation may use whatever protected leaves free; one entry may not be larger than probation's own share.

export interface Sized {
  /** What the entry costs in memory, in bytes: fixed once stored. */
  readonly bytes: number;
}

export class SegmentedLru<Entry extends Sized> {
  // Map order is least recently used first: an entry is re-inserted when used.
  private readonly probation = new Map<string, Entry>();
  private readonly protected = new Map<string, Entry>();
  private probationBytes = 0;
  private protectedBytes = 0;
  private readonly protectedBudget: number;

  /** onEvict: told of every entry that leaves the cache for want of room (not of those deleted by the caller). */
  constructor(
    readonly budgetBytes: number,
    private readonly onEvict: (key: string, entry: Entry) => void,
    protectedShare = 0.8,
  ) {
    this.protectedBudget = Math.floor(budgetBytes * protectedShare);
  }

  get bytes(): number {
    return this.probationBytes + this.protectedBytes;
  }

  get size(): number {
    return this.probation.size + this.protected.size;
  }

  /** The entry, counted as a use (the second use promotes it); undefined when absent. */
  get(key: string): Entry | undefined {
    const guarded = this.protected.get(key);
    if (guarded) {
      this.protected.delete(key);
      this.protected.set(key, guarded);
      return guarded;
    }
    const trial = this.probation.get(key);
    if (!trial) return undefined;
    this.probation.delete(key);
    this.probationBytes -= trial.bytes;
    this.protected.set(key, trial);
    this.protectedBytes += trial.bytes;
    // The protected segment's least used entries go back on probation: they may still be hit and kept.
    for (const [oldKey, old] of this.protected) {
      if (this.protectedBytes <= this.protectedBudget) break;
      this.protected.delete(oldKey);
      this.protectedBytes -= old.bytes;
      this.probation.set(oldKey, old);
      this.probationBytes += old.bytes;
    }
    this.makeRoom();
    return trial;
  }

  /** Stores the entry on probation (replacing one under the same key); false when it is larger than probation can hold. */
  set(key: string, entry: Entry): boolean {
    this.delete(key);
    if (entry.bytes > this.budgetBytes - this.protectedBudget) return false;
    this.probation.set(key, entry);
    this.probationBytes += entry.bytes;
    this.makeRoom();
    return true;
  }

  delete(key: string): Entry | undefined {
    const trial = this.probation.get(key);
    if (trial) {
      this.probation.delete(key);
      this.probationBytes -= trial.bytes;
      return trial;
    }
    const guarded = this.protected.get(key);
    if (guarded) {
      this.protected.delete(key);
      this.protectedBytes -= guarded.bytes;
    }
    return guarded;
  }

  /** Every entry, without counting a use. */
  *values(): IterableIterator<Entry> {
    yield* this.probation.values();
    yield* this.protected.values();
  }

  clear(): void {
    this.probation.clear();
    this.protected.clear();
    this.probationBytes = 0;
    this.protectedBytes = 0;
  }

  private makeRoom(): void {
    while (this.bytes > this.budgetBytes) {
      const segment = this.probation.size > 0 ? this.probation : this.protected;
      const [key, entry] = segment.entries().next().value as [string, Entry];
      this.delete(key);
      this.onEvict(key, entry);
    }
  }
}
