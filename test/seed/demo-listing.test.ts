// `photobook demo` serves once every product has its preview (issue 34): its gallery never lists a product without
// its picture, which the shop's front end would show as an empty tile.
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { COMMANDS } from '../../src/cli/commands';
import { seedDemoCatalog } from '../../src/seed/demo';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`the demo's gallery (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let stop: ((deadlineAt: number) => Promise<boolean>) | undefined;
  before(async () => {
    runtime = await testRuntime({ PORT: '0' });
  });
  after(async () => {
    await stop?.(Date.now() + 5000);
    await runtime.dispose();
  });

  it('lists no product without a preview once the demo serves', async () => {
    // A demo catalog whose previews are queued and not drawn, as after the seeding step of the demo's start.
    await seedDemoCatalog(runtime, 2);
    const { rows: [{ missing }] } = await runtime.db.sql.query<{ missing: number }>('SELECT count(*)::int AS missing FROM products WHERE preview_cover IS NULL');
    expect(missing).to.equal(10);

    const returned = await COMMANDS.demo.run(runtime, [], { stdout: new PassThrough(), stderr: new PassThrough() });
    stop = returned || undefined;
    const { body } = await request(buildApp(runtime).callback()).get('/api/gallery/product/?page_size=30').expect(200);
    expect(body.count).to.equal(10);
    for (const product of body.results as { id: number; preview_cover: string | null }[]) {
      expect(product.preview_cover, `product ${product.id}`).to.match(/\/media\/products\/\d+\/preview-[0-9a-f-]+\.jpg$/);
    }
  });
});
