// A process LISTENs on every channel through one connection (src/db/pg-listener.ts): each channel's notifications reach
// its own subscribers only, a loss interrupts every subscription and each is told when listening resumes, and a
// subscription closed stops its channel alone.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Database, NotificationListener } from '../../src/db/database';
import { openPostgres } from '../../src/db/postgres';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';

const APPLICATION = `photobook-listen-test-${randomBytes(3).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await sleep(20)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
  }
}

(DATABASE_KIND === 'postgres' ? describe : describe.skip)('one listening connection per process (postgres)', () => {
  let admin: Database;
  let db: Database;
  const channels = ['pb_test_one', 'pb_test_two', 'pb_test_three'];
  const events = new Map(channels.map((channel) => [channel, { payloads: [] as string[], listening: 0, interrupted: 0 }]));
  const listeners = new Map<string, NotificationListener>();

  /** This database's listening connections: those of the test's application_name. */
  const listening = async () => (await admin.sql.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [APPLICATION])).rows;

  before(async () => {
    admin = await freshDatabase();
    const url = new URL(admin.connectionString!);
    url.searchParams.set('application_name', APPLICATION);
    db = openPostgres(url.toString(), 2);
    for (const channel of channels) {
      const seen = events.get(channel)!;
      listeners.set(channel, db.listen(channel, {
        notification: (payload) => seen.payloads.push(payload),
        listening: () => { seen.listening += 1; },
        interrupted: () => { seen.interrupted += 1; },
      }));
    }
    await until('every channel listening', () => channels.every((channel) => events.get(channel)!.listening === 1));
  });
  after(async () => {
    await db?.close();
    await admin?.close();
  });

  it("listens on every channel through one connection, each channel's notifications to its own subscribers", async () => {
    // The pool opened none (no query ran on it): what holds the test's name is the listening connection alone.
    expect(await listening()).to.have.length(1);
    for (const channel of channels) await admin.sql.query('SELECT pg_notify($1, $2)', [channel, `to ${channel}`]);
    await until('every notification', () => channels.every((channel) => events.get(channel)!.payloads.length === 1));
    for (const channel of channels) expect(events.get(channel)!.payloads).to.deep.equal([`to ${channel}`]);
  });

  it('tells every subscription of a loss, and each again once the one new connection listens', async () => {
    const [{ pid }] = await listening();
    await admin.sql.query('SELECT pg_terminate_backend($1)', [pid]);
    await until('listening again', () => channels.every((channel) => events.get(channel)!.listening === 2));
    for (const channel of channels) expect(events.get(channel)!.interrupted, channel).to.equal(1);
    const now = await listening();
    expect(now).to.have.length(1);
    expect(now[0].pid).not.to.equal(pid);
    await admin.sql.query('SELECT pg_notify($1, $2)', [channels[1], 'after the loss']);
    await until('the notification after the loss', () => events.get(channels[1])!.payloads.includes('after the loss'));
  });

  it('stops one channel when its subscription closes, and keeps the others on the same connection', async () => {
    await listeners.get(channels[0])!.close();
    await admin.sql.query('SELECT pg_notify($1, $2)', [channels[0], 'not heard']);
    await admin.sql.query('SELECT pg_notify($1, $2)', [channels[2], 'still heard']);
    await until('the other channel', () => events.get(channels[2])!.payloads.includes('still heard'));
    // Sent before the other and on the same connection: had it been heard, it would have arrived first.
    expect(events.get(channels[0])!.payloads).not.to.include('not heard');
    expect(await listening()).to.have.length(1);
  });
});
