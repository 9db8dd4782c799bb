// The layout bus (changes made in other processes) over a stand-in listener: what it reads, and its readiness.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pino from 'pino';
import type { Database, NotificationHandlers } from '../../src/db/database';
import { changeNotices, type NoticedTransaction } from '../../src/layouts/editing/change-notices';
import { listenToLayoutChanges } from '../../src/realtime/layout-bus';

function fakeBus(watchedLayouts: string[]) {
  let handlers!: NotificationHandlers;
  const db = { listen: (_channel: string, given: NotificationHandlers) => {
    handlers = given;
    return { notify: async () => undefined, reconnect: () => undefined, check: async () => undefined, close: async () => undefined };
  } } as unknown as Database;
  const reads: NoticedTransaction[][] = [];
  const bus = listenToLayoutChanges({
    db, log: pino({ level: 'silent' }), processId: 'me', watched: (id) => watchedLayouts.includes(id),
    read: async (noticed) => { reads.push(noticed); return []; }, deliver: () => undefined,
  });
  return { bus, handlers: () => handlers, reads };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('layout bus: other processes\' changes', () => {
  it('reads only the noticed transactions of layouts this process has editors of, and none of its own notices', async () => {
    const [watched, other] = [randomUUID(), randomUUID()];
    const { handlers, reads } = fakeBus([watched]);
    handlers().listening();
    const applied = [{ layoutId: watched, userId: 1, transactionId: randomUUID() }, { layoutId: other, userId: 2, transactionId: randomUUID() }];
    for (const notice of changeNotices('me', applied)) handlers().notification(notice);
    await settle();
    expect(reads).to.deep.equal([]);
    for (const notice of changeNotices('another', applied)) handlers().notification(notice);
    await settle();
    expect(reads).to.deep.equal([[applied[0]]]);
  });

  it('is not ready from the moment its listening connection is interrupted until it listens again', async () => {
    const { bus, handlers } = fakeBus([]);
    handlers().listening();
    expect(await bus.problem()).to.equal(undefined);
    handlers().interrupted(new Error('terminated'));
    expect(await bus.problem()).to.match(/was lost/);
    handlers().listening();
    expect(await bus.problem()).to.equal(undefined);
  });
});
