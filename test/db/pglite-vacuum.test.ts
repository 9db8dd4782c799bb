// PGlite has no autovacuum: the wrapper vacuums it now and then, so that a table rewritten over and over (an edited
// book's pages) reuses its dead rows' space instead of growing for as long as the service runs.
import { PGlite } from '@electric-sql/pglite';
import { expect } from 'chai';
import { wrapPGlite } from '../../src/db/pglite';
import { describeOnEmbeddedRunOnly } from '../helpers/database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rewrites every row of a 500-row table of 1 KB rows 40 times, a pause between rounds; the table's size in bytes after. */
async function churn(query: (text: string) => Promise<unknown>, size: () => Promise<number>): Promise<number> {
  await query("CREATE TABLE pages (id integer PRIMARY KEY, blocks text); INSERT INTO pages SELECT g, repeat('x', 1000) FROM generate_series(1, 500) g");
  for (let round = 0; round < 40; round += 1) {
    await query(`UPDATE pages SET blocks = repeat('${round % 10}', 1000)`);
    await sleep(15);
  }
  return size();
}

describeOnEmbeddedRunOnly('PGlite vacuums', () => {
  it('reuses the space of rewritten rows, where a PGlite left alone grows with every rewrite', async () => {
    const alone = await PGlite.create();
    const aloneSize = await churn((text) => alone.exec(text), async () => (await alone.query<{ size: number }>("SELECT pg_relation_size('pages')::int AS size")).rows[0].size);
    await alone.close();

    const db = wrapPGlite(await PGlite.create(), { vacuumEveryMs: 10 });
    try {
      // A transaction held across several vacuum turns: the vacuum waits for it, and it is not disturbed.
      const held = await db.transaction(async (tx) => {
        await tx.sql.query('CREATE TABLE held (n integer)');
        await sleep(60);
        await tx.sql.query('INSERT INTO held VALUES (1)');
        return (await tx.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM held')).rows[0].n;
      });
      expect(held).to.equal(1);
      const vacuumedSize = await churn((text) => db.sql.query(text), async () => (await db.sql.query<{ size: number }>("SELECT pg_relation_size('pages')::int AS size")).rows[0].size);
      const { rows: [stats] } = await db.sql.query<{ vacuumed: boolean }>("SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'pages'");
      expect(stats.vacuumed).to.equal(true);
      expect(vacuumedSize, `${vacuumedSize} bytes vacuumed, ${aloneSize} bytes alone`).to.be.below(aloneSize / 4);
    } finally {
      await db.close();
    }
  });

  it('stops vacuuming once closed', async () => {
    const client = await PGlite.create();
    let vacuums = 0;
    // The client as the wrapper sees it, counting the vacuums it is asked for.
    const counted = new Proxy(client, {
      get(target, property) {
        if (property === 'exec') {
          return (text: string) => {
            if (text.startsWith('VACUUM')) vacuums += 1;
            return target.exec(text);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const db = wrapPGlite(counted, { vacuumEveryMs: 5 });
    await sleep(50);
    expect(vacuums).to.be.above(0);
    await db.close();
    const atClose = vacuums;
    await sleep(50);
    expect(vacuums).to.equal(atClose);
  });
});
