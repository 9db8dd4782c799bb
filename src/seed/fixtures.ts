// Loads fixture files ({"<table>": [rows]}, snake_case columns) straight into tables. Rows loaded this way
// go around the services on purpose: they trigger no creation reactions (no preview rendering, no e-mail).
import { readFileSync } from 'node:fs';
import type { Database, SqlExecutor } from '../db/database';
import { type ColumnTypes, createSeedRepository, type FixtureRow } from './repository';

// Tables a fixture may fill, in an order where every reference points to an earlier table.
export const FIXTURE_TABLES = [
  'orientations', 'theme_categories', 'theme_colors', 'theme_styles', 'theme_authors', 'product_types',
  'template_categories', 'formats', 'prices', 'templates', 'users', 'themes', 'theme_category_links', 'theme_elements',
  'layouts', 'products', 'layout_pages',
] as const;

export class FixtureError extends Error {}

/** The row's columns must all exist in the table: the repository writes them as they are named. */
function checkColumns(table: string, row: FixtureRow, types: ColumnTypes): void {
  const columns = Object.keys(row);
  const unknown = columns.find((column) => !types.has(column));
  if (unknown || columns.length === 0) throw new FixtureError(`"${table}" has no column "${unknown ?? ''}"`);
}

function parseFixture(fixture: unknown): [string, FixtureRow[]][] {
  if (typeof fixture !== 'object' || fixture === null || Array.isArray(fixture)) {
    throw new FixtureError('a fixture is an object of table names to arrays of rows');
  }
  const entries = Object.entries(fixture);
  for (const [table, rows] of entries) {
    if (!(FIXTURE_TABLES as readonly string[]).includes(table)) throw new FixtureError(`unknown table "${table}"`);
    if (!Array.isArray(rows) || rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
      throw new FixtureError(`"${table}" must be an array of objects`);
    }
  }
  return FIXTURE_TABLES.flatMap((table) => entries.filter(([name]) => name === table) as [string, FixtureRow[]][]);
}

/** Loads the fixture in one transaction; returns how many rows each table received. */
export const loadFixture = (db: Database, fixture: unknown) => db.transaction((tx) => loadFixtureIn(tx.sql, fixture, false));

/**
 * Loads the fixture inside the caller's transaction; returns how many rows each table received (with keepExisting:
 * how many were added, rows already present being left unchanged).
 */
async function loadFixtureIn(sql: SqlExecutor, fixture: unknown, keepExisting: boolean): Promise<Record<string, number>> {
  const tables = parseFixture(fixture);
  const repository = createSeedRepository(sql);
  const counts: Record<string, number> = {};
  for (const [table, rows] of tables) {
    const types = await repository.columnTypes(table);
    let written = 0;
    for (const row of rows) {
      checkColumns(table, row, types);
      // Reloading a fixture updates rows that have an id and keeps link rows: it can be run again safely.
      written += await repository.insertRow(table, row, types, keepExisting);
    }
    counts[table] = keepExisting ? written : rows.length;
    if (types.get('id') === 'integer' && rows.some((row) => 'id' in row)) await repository.moveSequencePastIds(table);
  }
  return counts;
}

export function readFixtureFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FixtureError(`cannot read fixture ${file}: ${(error as Error).message}`);
  }
}

export const REFERENCE_FIXTURE = `${__dirname}/../../fixtures/reference.json`;

export const loadReferenceData = (db: Database) => loadFixture(db, readFixtureFile(REFERENCE_FIXTURE));

/**
 * A fresh deployment gets the reference data without anyone running `seed`: when there is no format yet, the
 * missing reference rows are added and rows already present are kept (never overwriting an operator's edits).
 * Returns the rows added per table, or undefined when the reference data was there. Under the migrations' lock:
 * the API and a worker starting together would otherwise load it at once (and deadlock).
 */
export function ensureReferenceData(db: Database): Promise<Record<string, number> | undefined> {
  return db.transaction(async (tx) => {
    const repository = createSeedRepository(tx.sql);
    await repository.lockAsMigrations();
    if (await repository.hasFormats()) return undefined;
    return loadFixtureIn(tx.sql, readFixtureFile(REFERENCE_FIXTURE), true);
  });
}

/** "5 formats, 16 theme categories, ..." for the start-up log. */
export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts).map(([table, count]) => `${count} ${table.replace(/_/g, ' ')}`).join(', ');
}
