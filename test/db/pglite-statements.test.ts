// PGlite runs statements with parameters prepared under a name (src/db/pglite-statements.ts): parsed and planned once,
// not at every call. The session must behave as with PGlite's own query(): the same rows and errors, transactions
// intact, and a bounded number of statements kept.
import { PGlite } from '@electric-sql/pglite';
import { expect } from 'chai';
import type { Database } from '../../src/db/database';
import { wrapPGlite } from '../../src/db/pglite';
import { describeOnEmbeddedRunOnly } from '../helpers/database';

/** The session's statements prepared through the protocol (not by SQL PREPARE), by their text. */
async function preparedTexts(db: Database): Promise<string[]> {
  const { rows } = await db.sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY statement');
  return rows.map((row) => row.statement);
}

describeOnEmbeddedRunOnly('PGlite prepared statements', () => {
  let db: Database;
  beforeEach(async () => {
    db = wrapPGlite(await PGlite.create(), { maxPrepared: 3 });
    await db.sql.query("CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL, tags text[], extra jsonb); INSERT INTO notes VALUES (1, 'one', '{a,b}', '{\"n\": 1}')");
  });
  afterEach(() => db.close());

  it('prepares a statement once and then only executes it, with the rows and types of query()', async () => {
    const select = 'SELECT id, body, tags, extra FROM notes WHERE id = $1';
    for (let run = 0; run < 10; run += 1) {
      const { rows } = await db.sql.query(select, [1]);
      expect(rows).to.deep.equal([{ id: 1, body: 'one', tags: ['a', 'b'], extra: { n: 1 } }]);
    }
    // Parameters of every kind the service sends: null, arrays, JSON objects, text of several bytes a character.
    const body = 'Фотокнига «Море» 📷';
    const { rowCount } = await db.sql.query('INSERT INTO notes VALUES ($1, $2, $3, $4)', [2, body, ['c'], { n: [2], body }]);
    expect(rowCount).to.equal(1);
    expect((await db.sql.query('UPDATE notes SET tags = $2 WHERE id = ANY($1::int[])', [[1, 2], null])).rowCount).to.equal(2);
    expect((await db.sql.query(select, [2])).rows).to.deep.equal([{ id: 2, body, tags: null, extra: { n: [2], body } }]);
    // Arrays of text and of JSON go in the binary format: quotes, backslashes, nulls and empty arrays kept as they are.
    const tricky = ['a "quoted" \\ word', null, '', '{"x": "\\"y\\""}', 'ёж'];
    const { rows: [echoed] } = await db.sql.query<{ texts: (string | null)[]; empty: string[]; json: unknown[] }>(
      'SELECT $1::text[] AS texts, $2::text[] AS empty, $3::json[] AS json', [tricky, [], ['{"a": [1, "б"]}', null]]);
    expect(echoed).to.deep.equal({ texts: tricky, empty: [], json: [{ a: [1, 'б'] }, null] });
    const invalid = await db.sql.query('SELECT $1::json[]', [['{not json']]).then(() => undefined, (error: unknown) => error);
    expect(invalid).to.have.property('code', '22P02');
    expect(await preparedTexts(db)).to.include(select);
    expect((await preparedTexts(db)).filter((text) => text === select)).to.have.length(1);
  });

  it('keeps at most its bound of statements, closing the least recently used', async () => {
    const texts = [1, 2, 3, 4, 5].map((n) => `SELECT $1::int + ${n} AS sum`);
    for (const [index, text] of texts.entries()) expect((await db.sql.query<{ sum: number }>(text, [10])).rows[0].sum).to.equal(11 + index);
    await db.sql.query(texts[2], [0]);
    await db.sql.query(texts[0], [0]);
    // The reading statement itself has no parameters and is not kept.
    expect(await preparedTexts(db)).to.deep.equal([texts[0], texts[2], texts[4]].sort());
  });

  it('answers an error as query() does, names the statement, and leaves the session usable', async () => {
    const insert = 'INSERT INTO notes (id, body) VALUES ($1, $2)';
    const failure = await db.sql.query(insert, [1, 'again']).then(() => undefined, (error: unknown) => error);
    expect(failure).to.deep.include({ code: '23505', query: insert });
    expect(failure).not.to.have.property('params');
    const syntax = await db.sql.query('SELEC $1', [1]).then(() => undefined, (error: unknown) => error);
    expect(syntax).to.have.property('code', '42601');
    expect((await db.sql.query(insert, [3, 'three'])).rowCount).to.equal(1);
  });

  it('rolls a failed transaction back whole, and commits one that succeeds', async () => {
    const insert = 'INSERT INTO notes (id, body) VALUES ($1, $2)';
    const failed = await db.transaction(async (tx) => {
      await tx.sql.query(insert, [5, 'five']);
      await tx.sql.query(insert, [1, 'duplicate']);
    }).then(() => undefined, (error: unknown) => error);
    expect(failed).to.have.property('code', '23505');
    await db.transaction(async (tx) => {
      await tx.sql.query(insert, [6, 'six']);
    });
    const { rows } = await db.sql.query<{ id: number }>('SELECT id FROM notes WHERE id = ANY($1::int[]) ORDER BY id', [[5, 6]]);
    expect(rows).to.deep.equal([{ id: 6 }]);
  });

  it('prepares a statement again when its table changes its columns', async () => {
    const all = 'SELECT * FROM notes WHERE id = $1';
    expect(Object.keys((await db.sql.query(all, [1])).rows[0])).to.deep.equal(['id', 'body', 'tags', 'extra']);
    await db.sql.query('ALTER TABLE notes ADD COLUMN added integer DEFAULT 7');
    // Outside a transaction at once; inside one the transaction has failed, and its retry succeeds.
    expect((await db.sql.query(all, [1])).rows[0]).to.include({ added: 7 });
    await db.sql.query('ALTER TABLE notes DROP COLUMN added');
    const inside = await db.transaction((tx) => tx.sql.query(all, [1])).then(() => undefined, (error: unknown) => error);
    expect(inside).to.have.property('code', '0A000');
    expect(Object.keys((await db.transaction((tx) => tx.sql.query(all, [1]))).rows[0])).to.deep.equal(['id', 'body', 'tags', 'extra']);
  });
});
