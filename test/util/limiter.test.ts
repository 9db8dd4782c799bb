// The image work's limiter: waiting tasks start in arrival order, or by turns between the owners they name (security
// review 4, finding 5: one shopper's photos held both processing slots while another's first image waited).
import { expect } from 'chai';
import { createLimiter, LimiterFullError } from '../../src/util/limiter';

/** A task that records when it starts and ends when released. */
function gatedTask(started: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  return { run: async () => { started.push(name); await gate; }, release: () => release() };
}

describe('limiter', () => {
  /** Runs the tasks on a limiter of one place, releasing each as it starts: the order they started in. */
  const startOrder = async (tasks: { name: string; owner?: number }[]) => {
    const limiter = createLimiter(1);
    const started: string[] = [];
    const gated = new Map(tasks.map(({ name }) => [name, gatedTask(started, name)]));
    const done = tasks.map(({ name, owner }) => limiter.run(gated.get(name)!.run, owner === undefined ? {} : { owner }));
    for (let index = 0; index < tasks.length; index += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gated.get(started[index])!.release();
    }
    await Promise.all(done);
    return started;
  };

  it('starts waiting tasks in arrival order when they name no owner', async () => {
    expect(await startOrder(['a1', 'a2', 'a3', 'b1'].map((name) => ({ name })))).to.deep.equal(['a1', 'a2', 'a3', 'b1']);
  });

  it("gives owners turns: another owner's task waits behind one of the first owner's, not all of them", async () => {
    const tasks = [...['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => ({ name, owner: 1 })), { name: 'b1', owner: 2 }, { name: 'c1', owner: 3 }];
    expect(await startOrder(tasks)).to.deep.equal(['a1', 'a2', 'b1', 'c1', 'a3', 'a4', 'a5']);
  });

  it('bounds the waiting and lets a waiting task withdraw, whatever its owner', async () => {
    const limiter = createLimiter(1, { maxWaiting: 2 });
    const started: string[] = [];
    const first = gatedTask(started, 'first');
    const running = limiter.run(first.run, { owner: 1 });
    const abort = new AbortController();
    const withdrawn = limiter.run(gatedTask(started, 'withdrawn').run, { owner: 2, signal: abort.signal });
    const waits = gatedTask(started, 'waits');
    const waiting = limiter.run(waits.run, { owner: 1 });
    const refused = await limiter.run(async () => undefined, { owner: 3 }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(LimiterFullError);
    abort.abort(new Error('gone'));
    expect(((await withdrawn.catch((error: Error) => error)) as Error).message).to.equal('gone');
    expect(limiter.waiting).to.equal(1);
    first.release();
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    waits.release();
    await waiting;
    expect(started).to.deep.equal(['first', 'waits']);
    expect([limiter.running, limiter.waiting]).to.deep.equal([0, 0]);
  });
});
