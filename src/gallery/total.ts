// A filter's total, counted once and then kept exact by the changes the database reports, so that a catalog that
// grows all day is not counted again (tens of milliseconds for a hundred thousand rows) after every new product.
//
// The count query also returns its snapshot (pg_current_snapshot). A reported change carries its transaction's id:
// if the snapshot sees that transaction, the count already includes it; if not, its delta is added. Changes that
// arrive while the count is still running are held and sorted out the same way when it returns.

/** A PostgreSQL snapshot ('xmin:xmax:xip,...'): which transactions' writes a query saw. */
export class Snapshot {
  private constructor(private readonly xmin: number, private readonly xmax: number, private readonly running: Set<number>) {}

  static parse(text: string): Snapshot | undefined {
    const match = /^(\d+):(\d+):([\d,]*)$/.exec(text);
    if (!match) return undefined;
    const running = match[3] === '' ? [] : match[3].split(',').map(Number);
    return new Snapshot(Number(match[1]), Number(match[2]), new Set(running));
  }

  /** Were the writes of transaction tx (committed by now) visible to the query that took this snapshot? */
  sees(tx: number): boolean {
    return tx < this.xmin || (tx < this.xmax && !this.running.has(tx));
  }
}

export interface CountResult {
  total: number;
  snapshot: string;
}

export class Total {
  private value: number | undefined;
  private snapshot: Snapshot | undefined;
  private readonly early: { tx: number; delta: number }[] = [];
  /** Resolves with the total once counted; rejects if the count failed. */
  readonly counted: Promise<void>;

  constructor(count: Promise<CountResult>) {
    this.counted = count.then(({ total, snapshot }) => {
      const parsed = Snapshot.parse(snapshot);
      if (!parsed) throw new Error(`unreadable snapshot ${snapshot}`);
      this.snapshot = parsed;
      this.value = total + this.early.filter((change) => !parsed.sees(change.tx)).reduce((sum, change) => sum + change.delta, 0);
      this.early.length = 0;
    });
  }

  /** The total now: counted, plus every reported change the count did not see. */
  async current(): Promise<number> {
    if (this.value === undefined) await this.counted;
    return this.value!;
  }

  /** A committed change of transaction tx that adds delta (negative: removes) to the rows this filter lists. */
  apply(tx: number, delta: number): void {
    if (!this.snapshot) this.early.push({ tx, delta });
    else if (!this.snapshot.sees(tx)) this.value! += delta;
  }
}
