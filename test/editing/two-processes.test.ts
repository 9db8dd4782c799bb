import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { layoutTestUsers, type LayoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { type ChildServer, startChildServer } from '../realtime/child-server';
import { type BookEditor, editMessage, joinedEditor, TRANSPORTS } from './editors';

interface Layout { id: string; pages: { id: string; type: string; num: number; blocks: { id: string; type: string }[] }[] }

// Rooms across processes need a database server: embedded PGlite has one process by design.
if (DATABASE_KIND === 'postgres') {
  describe('editing a book across two processes on one PostgreSQL database', function () {
    this.timeout(120_000);
    let runtime: TestRuntime;
    let here: RunningServer & { url: string };
    let there: ChildServer;
    let users: LayoutTestUsers;
    let dataDir: string;
    let products: number[];
    const editors: BookEditor[] = [];

    before(async () => {
      runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test' });
      ({ products } = await seedLayoutCatalog(runtime));
      users = await layoutTestUsers(runtime);
      here = await testServer(runtime);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-second-'));
      there = await startChildServer({
        DATABASE_URL: runtime.db.connectionString!, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: 'http://photobook.test',
      });
    });
    after(async () => {
      for (const made of editors) made.close();
      await there.stop();
      await here.stop();
      await runtime.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    for (const transport of TRANSPORTS) {
      it(`tells an editor of one process every operation sent to the other over ${transport}`, async () => {
        const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#336699' } }).jpeg().toBuffer();
        const { body: uploaded } = await request(here.url).post('/api/or/photo/').set('Authorization', users.owner.auth)
          .attach('files', picture, { filename: `${transport}.jpg`, contentType: 'image/jpeg' });
        await processPhoto.handle({ photoId: uploaded.photo_id }, runtime.jobContext);
        const layout: Layout = (await request(here.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body;
        const watcher = await joinedEditor(transport, here.url, users.owner.token, layout.id);
        const sender = await joinedEditor(transport === 'plain' ? 'socket.io' : 'plain', there.url, users.owner.token, layout.id);
        editors.push(watcher, sender);
        const photoBlock = layout.pages.find((page) => page.type === 'PAGE')!.blocks.find((block) => block.type === 'PHOTO')!.id;
        const textBlock = layout.pages.flatMap((page) => page.blocks).find((block) => block.type === 'TEXT')!.id;
        const page = (num: number) => layout.pages.find((item) => item.num === num)!.id;
        const background = (await runtime.db.sql.query<{ id: number }>(
          "SELECT e.id FROM theme_elements e JOIN products p ON p.theme_id = e.theme_id WHERE p.id = $1 AND e.element_type = 'PAGE_BACKGROUND' LIMIT 1",
          [products[0]])).rows[0].id;
        const messages = [
          editMessage('layout', 'add_photos', layout.id, undefined, { photo_ids: [uploaded.photo_id] }),
          editMessage('block', 'set', layout.id, photoBlock, { photo_id: uploaded.photo_id }),
          editMessage('block', 'crop', layout.id, photoBlock, { crop: { x: 0.1, y: 0.1, width: 0.4, height: 0.4 } }),
          editMessage('block', 'text', layout.id, textBlock, { text: 'Из другого процесса', color: '#aa0000' }),
          editMessage('block', 'clear', layout.id, photoBlock),
          editMessage('page', 'add', layout.id, page(1)),
          editMessage('page', 'move', layout.id, page(1), { after: page(5) }),
          editMessage('page', 'remove', layout.id, page(3)),
          editMessage('page', 'background', layout.id, page(2), { element_id: background }),
          editMessage('layout', 'remove_photos', layout.id, undefined, { photo_ids: [uploaded.photo_id] }),
          editMessage('layout', 'undo', layout.id, undefined),
          editMessage('layout', 'redo', layout.id, undefined),
          editMessage('layout', 'autofill', layout.id, undefined, { photo_ids: [uploaded.photo_id] }),
        ];
        for (const [index, message] of messages.entries()) {
          const ack = await sender.ask(message);
          expect(ack.error, `${message.object}/${message.action}: ${JSON.stringify(ack.error)}`).to.equal(undefined);
          const change = (await watcher.heard(index + 1))[index];
          const { data, ...rest } = ack.response_data!;
          expect(change, `${message.object}/${message.action}`).to.deep.equal({ layout_id: layout.id, version: ack.version, ...(data ? { page: data } : {}), ...rest });
        }
      });
    }
  });
}
