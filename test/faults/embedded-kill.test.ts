import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DATABASE_KIND } from '../helpers/database';
import { runPhotobookInProcess } from '../helpers/process';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { type CartWriter, lastAcknowledged, writeUntil } from './cart-writers';
import { recordFigures } from './figures';
import { startService } from './service-process';

// The embedded database lives in the service's own process and folder: this is PGlite's own fault. It starts four
// processes on a fresh folder, so it runs once, in the suite's PGlite run; the PostgreSQL run would repeat it as is.
describe('embedded database killed with SIGKILL mid-write (pglite, a real process)', function () {
  this.timeout(300_000);

  (DATABASE_KIND === 'pglite' ? it : it.skip)('restarts cleanly on the same DATA_DIR, over the stale lock, with every acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-kill9-'));
    const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, WORKER: '0' };
    try {
      const fixture = path.join(dataDir, 'shop.json');
      writeFileSync(fixture, JSON.stringify({
        themes: [{ id: 1, name: 'Море', approved: true }],
      }));
      for (const args of [['seed', '--file', fixture], ['create-user', '--email', 'shopper@example.com', '--role', 'admin']]) {
        const result = await runPhotobookInProcess(args, env);
        expect(result.status, result.stderr).to.equal(0);
      }
      const issued = await runPhotobookInProcess(['issue-token', '--email', 'shopper@example.com'], env);
      const auth = `Bearer ${issued.stdout.trim()}`;

      let service = await startService('serve', env);
      const post = async (route: string, body: unknown) => {
        const response = await fetch(`${service.url}${route}`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        expect(response.status, await response.clone().text()).to.equal(201);
        return (await response.json()) as { id: string | number };
      };
      // An administrator makes the product (with its layout) and then shops: one token for the whole set-up.
      const product = await post('/api/product/', { theme_id: 1, format_id: 1, product_type_id: 1, name: 'Книга' });
      const layout = await post(`/api/ua/product/${product.id}/generate-layout/`, {});
      const order = await post('/api/merch/order/', { layout_id: layout.id, count: 1 });
      const writer: CartWriter = { auth, orderId: Number(order.id), outcomes: [] };

      // Killed while writes are in flight: the next one is on its way when the signal lands.
      const writing = writeUntil(service.url, [writer], (each) => each.outcomes.at(-1)!.status !== 200, 30_000);
      while (writer.outcomes.length < 30) await new Promise((resolve) => setTimeout(resolve, 5));
      service.child.kill('SIGKILL');
      await writing;
      expect(await service.exited).to.equal('SIGKILL');

      const restartedAt = Date.now();
      service = await startService('serve', env);
      const readyMs = Date.now() - restartedAt;
      try {
        const sets = await fetch(`${service.url}/api/merch/orderset/`, { headers: { Authorization: auth } });
        const body = (await sets.json()) as { results?: { orders: { id: number; count: number }[] }[] } | { orders: { id: number; count: number }[] }[];
        const list = Array.isArray(body) ? body : body.results!;
        const stored = list.flatMap((set) => set.orders).find((each) => each.id === writer.orderId)!.count;
        const acknowledged = lastAcknowledged(writer)!;
        // The acknowledged write is there; the one cut by the kill may or may not be, as its client was never told.
        const cut = writer.outcomes.at(-1)!.count;
        expect([acknowledged, cut]).to.include(stored);
        recordFigures('serve on PGlite: SIGKILL mid-write, restart on the same DATA_DIR', {
          acknowledged_writes: writer.outcomes.filter((outcome) => outcome.status === 200).length, lost_acknowledged_writes: 0,
          restart_ready_ms: readyMs, stale_lock: 'taken over',
        });
      } finally {
        expect(await service.stop()).to.equal(0);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
