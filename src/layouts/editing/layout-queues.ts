// One queue of waiting editing messages per layout. A layout has at most one batch running at a time (its row lock
// would serialise two anyway, and one batch keeps the order of its messages); batches of different layouts run side
// by side, so a layout that is slow or locked holds up its own editors only.

export interface LayoutQueuesOptions<Item> {
  /** Messages a layout may have waiting (not counting its running batch); add() refuses more. */
  perLayout: number;
  /** Batches running at once over all layouts: each holds a database connection for its transaction. */
  concurrency: number;
  /** The most messages in one batch; more waiting messages go in the layout's next one. */
  maxBatch: number;
  /** Runs one layout's batch; never rejects. */
  run(items: Item[]): Promise<void>;
}

export function createLayoutQueues<Item>(options: LayoutQueuesOptions<Item>) {
  const waiting = new Map<string, Item[]>();
  /** Layouts with waiting messages and no running batch, in the order they became ready. */
  const ready: string[] = [];
  const runningLayouts = new Set<string>();
  let scheduled = false;

  function startBatches(): void {
    scheduled = false;
    while (runningLayouts.size < options.concurrency && ready.length > 0) {
      const layoutId = ready.shift()!;
      const queue = waiting.get(layoutId)!;
      const items = queue.splice(0, options.maxBatch);
      if (queue.length === 0) waiting.delete(layoutId);
      runningLayouts.add(layoutId);
      void options.run(items).finally(() => {
        runningLayouts.delete(layoutId);
        if (waiting.has(layoutId)) ready.push(layoutId);
        startSoon();
      });
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
