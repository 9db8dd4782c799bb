// One queue of waiting editing messages per layout. The ready layouts go together into one batch (one transaction for
// all, group commit), which takes only the layout locks it can have at once; a layout whose row another transaction
// holds gets its messages back and then a batch of its own that waits for the lock. So a slow or locked layout holds
// up its own editors only. A layout is in one running batch at most, which keeps the order of its messages.

export interface LayoutQueuesOptions<Item> {
  /** Messages a layout may have waiting (not counting a running batch's); add() refuses more. */
  perLayout: number;
  /** Batches running at once: each holds a database connection for its transaction. */
  concurrency: number;
  /** The most messages in one batch; more waiting messages go in a later one. */
  maxBatch: number;
  /**
   * Runs a batch; never rejects. waitForLocks: the batch is one layout's, which another transaction held; it waits
   * for that lock (up to the editor's deadline). Otherwise it skips the layouts it cannot lock at once, and returns
   * their items, in order, to be run again that way.
   */
  run(items: Item[], waitForLocks: boolean): Promise<Item[]>;
}

export function createLayoutQueues<Item>(options: LayoutQueuesOptions<Item>) {
  const waiting = new Map<string, Item[]>();
  /** Layouts with waiting messages and no running batch, in the order they became ready. */
  const ready: string[] = [];
  const runningLayouts = new Set<string>();
  /** Layouts found locked by another transaction: their next batch is their own and waits for the lock. */
  const contended = new Set<string>();
  const layoutOf = new Map<Item, string>();
  let batches = 0;
  /** Running batches that wait for a lock another transaction holds. */
  let lockWaits = 0;
  let scheduled = false;
  // Batches that may wait for a held lock at once: half of the slots, so that however many layouts are held
  // elsewhere, the others' edits still go through at once, two batches at a time. More held layouts than that wait
  // their turn for a slot, each then up to the editor's lock timeout.
  const maxLockWaits = Math.max(1, Math.floor(options.concurrency / 2));

  /** Moves up to `limit` of the layout's waiting items into a batch, and marks the layout running. */
  function take(layoutId: string, limit: number): Item[] {
    const queue = waiting.get(layoutId)!;
    const items = queue.splice(0, limit);
    if (queue.length === 0) waiting.delete(layoutId);
    runningLayouts.add(layoutId);
    return items;
  }

  function launch(layoutIds: string[], items: Item[], waitForLocks: boolean): void {
    batches += 1;
    if (waitForLocks) lockWaits += 1;
    void options.run(items, waitForLocks).then((skipped) => {
      for (const item of [...skipped].reverse()) {
        const layoutId = layoutOf.get(item)!;
        contended.add(layoutId);
        const queue = waiting.get(layoutId);
        if (queue) queue.unshift(item);
        else waiting.set(layoutId, [item]);
      }
      const again = new Set(skipped);
      for (const item of items) if (!again.has(item)) layoutOf.delete(item);
      for (const layoutId of layoutIds) {
        runningLayouts.delete(layoutId);
        if (waitForLocks) contended.delete(layoutId);
        if (waiting.has(layoutId)) ready.push(layoutId);
      }
      batches -= 1;
      if (waitForLocks) lockWaits -= 1;
      startSoon();
    });
  }

  function startBatches(): void {
    scheduled = false;
    while (batches < options.concurrency && ready.length > 0) {
      const alone = lockWaits < maxLockWaits ? ready.findIndex((layoutId) => contended.has(layoutId)) : -1;
      if (alone >= 0) {
        const [layoutId] = ready.splice(alone, 1);
        launch([layoutId], take(layoutId, options.maxBatch), true);
        continue;
      }
      const layoutIds: string[] = [];
      const items: Item[] = [];
      // A held layout waits for a lock-waiting slot; the others go together without waiting for any lock.
      const free = ready.filter((layoutId) => !contended.has(layoutId));
      if (free.length === 0) break;
      while (free.length > 0 && items.length < options.maxBatch) {
        const layoutId = free.shift()!;
        ready.splice(ready.indexOf(layoutId), 1);
        layoutIds.push(layoutId);
        items.push(...take(layoutId, options.maxBatch - items.length));
      }
      launch(layoutIds, items, false);
    }
  }

  // Batches start on the next turn of the event loop, once every message read in this turn is waiting. (PGlite
  // answers within microtasks, so starting at once would commit each message alone while the others wait unread.)
  function startSoon(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(startBatches);
  }

  return {
    /** Queues the item for its layout's next batch; false (and not queued) when the layout's queue is full. */
    add(layoutId: string, item: Item): boolean {
      const queue = waiting.get(layoutId);
      if (queue && queue.length >= options.perLayout) return false;
      layoutOf.set(item, layoutId);
      if (queue) queue.push(item);
      else {
        waiting.set(layoutId, [item]);
        if (!runningLayouts.has(layoutId)) ready.push(layoutId);
      }
      startSoon();
      return true;
    },
  };
}
