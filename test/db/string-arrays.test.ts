// Arrays of strings reach the database as they were, whichever way the driver writes them: on a server as array
// literals written by JSON.stringify (src/db/pg-array-literal.ts), on PGlite in the binary format.
import { expect } from 'chai';
import type { Database } from '../../src/db/database';
import { stringArrayLiteral } from '../../src/db/pg-array-literal';
import { DATABASE_KIND, freshDatabase } from '../helpers/database';

const TRICKY = [
  'a "quoted" word', 'back\\slash', '{"x": "\\"y\\""}', '', null, 'NULL', 'null', ' spaced ', 'a,b', '{braces}', 'ёж',
  // Characters JSON escapes otherwise: written the driver's way.
  'line\nbreak', 'tab\there', 'emoji 📷',
];

describe(`arrays of strings (${DATABASE_KIND})`, () => {
  let db: Database;
  before(async () => {
    db = await freshDatabase();
  });
  after(() => db.close());

  it('come back as they were sent, as text and as JSON', async () => {
    const { rows: [row] } = await db.sql.query<{ texts: (string | null)[]; empty: string[]; json: unknown[] }>(
      'SELECT $1::text[] AS texts, $2::text[] AS empty, $3::json[] AS json',
      [TRICKY, [], [JSON.stringify({ a: [1, 'б', '"q"', 'x\\y'] }), null, JSON.stringify('line\nbreak')]]);
    expect(row.texts).to.deep.equal(TRICKY);
    expect(row.empty).to.deep.equal([]);
    expect(row.json).to.deep.equal([{ a: [1, 'б', '"q"', 'x\\y'] }, null, 'line\nbreak']);
  });

  it('are written as literals only where JSON escapes as a literal does', () => {
    expect(stringArrayLiteral(['a"b', 'c\\d', null, 'NULL', ''])).to.equal('{"a\\"b","c\\\\d",null,"NULL",""}');
    expect(stringArrayLiteral([])).to.equal('{}');
    expect(stringArrayLiteral(['line\nbreak'])).to.equal(undefined);
    expect(stringArrayLiteral(['emoji 📷'])).to.equal(undefined);
    expect(stringArrayLiteral(['lone \ud800 surrogate'])).to.equal(undefined);
    expect(stringArrayLiteral([1, 2])).to.equal(undefined);
  });
});
