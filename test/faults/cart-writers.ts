// Shoppers that keep changing the number of copies in their carts (PATCH), each one request after another, and keep
// what every request was answered: the load of the fault scenarios, and the record of acknowledged writes.
import type { Runtime } from '../../src/runtime';
import { layoutOf, shopper, stockShop } from '../orders/shop';

export interface WriteOutcome {
  /** When the request was sent and answered (epoch ms). */
  sentAt: number;
  answeredAt: number;
  count: number;
  /** 0: no HTTP answer (the connection failed). */
  status: number;
  body: unknown;
  retryAfter: string | null;
}

export interface CartWriter {
  auth: string;
  orderId: number;
  outcomes: WriteOutcome[];
}

/** n shoppers with one order each in their carts, put there through the service at url. */
export async function cartWriters(runtime: Runtime, url: string, n: number): Promise<CartWriter[]> {
  await stockShop(runtime);
  return Promise.all(Array.from({ length: n }, async (_, index) => {
    const { id, auth } = await shopper(runtime, `writer${index}@example.com`);
    const layoutId = await layoutOf(runtime, id, 1, 24);
    const response = await fetch(`${url}/api/merch/order/`, {
      method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ layout_id: layoutId, count: 1 }),
    });
    if (response.status !== 201) throw new Error(`cart set-up answered ${response.status}: ${await response.text()}`);
    return { auth, orderId: ((await response.json()) as { id: number }).id, outcomes: [] };
  }));
}

/**
 * Every writer writes until done(writer) says so after one of its answers, or until the time limit: the loop is
 * bounded whatever the service does.
 */
export async function writeUntil(url: string, writers: CartWriter[], done: (writer: CartWriter) => boolean, limitMs = 30_000): Promise<void> {
  const endsAt = Date.now() + limitMs;
  await Promise.all(writers.map(async (writer) => {
    while (Date.now() < endsAt) {
      const count = (writer.outcomes.length % 1000) + 1;
      const sentAt = Date.now();
      const outcome = await fetch(`${url}/api/merch/order/${writer.orderId}/`, {
        method: 'PATCH', headers: { Authorization: writer.auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ count }),
        signal: AbortSignal.timeout(Math.max(endsAt - Date.now(), 1)),
      }).then(
        async (response) => ({ status: response.status, body: await response.json().catch(() => undefined), retryAfter: response.headers.get('retry-after') }),
        () => ({ status: 0, body: undefined, retryAfter: null }),
      );
      writer.outcomes.push({ sentAt, answeredAt: Date.now(), count, ...outcome });
      if (done(writer)) return;
    }
  }));
}

/** The count of the writer's last acknowledged (200) write. */
export function lastAcknowledged(writer: CartWriter): number | undefined {
  return writer.outcomes.filter((outcome) => outcome.status === 200).at(-1)?.count;
}

/** The answers sent after a moment, as the fault table reports them: how many failed, and how long the outage looked. */
export function outageAfter(writers: CartWriter[], at: number) {
  const after = writers.flatMap((writer) => writer.outcomes).filter((outcome) => outcome.answeredAt >= at);
  const failed = after.filter((outcome) => outcome.status !== 200);
  const firstGood = after.filter((outcome) => outcome.status === 200 && outcome.sentAt >= at).map((outcome) => outcome.answeredAt);
  const statuses = [...new Set(failed.map((outcome) => outcome.status))].sort();
  return {
    failed: failed.length,
    statuses,
    failedMs: failed.length ? Math.max(...failed.map((outcome) => outcome.answeredAt)) - at : 0,
    firstGoodWriteMs: firstGood.length ? Math.min(...firstGood) - at : undefined,
  };
}
