// Fresh, migrated databases for tests: on the PostgreSQL server named by TEST_DATABASE_URL, else PGlite.
// Migrating once per process into a template and copying it keeps a fresh database per test file cheap; with mocha
// in parallel each worker process has its own template, kept for all the files it runs.
import { randomBytes } from 'node:crypto';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import pino from 'pino';
import { jobRegistry } from '../../src/worker/index';
import { databaseUrlOn, runAdminStatement } from '../../src/db/admin';
import type { Database } from '../../src/db/database';
import { ensureReferenceData } from '../../src/seed/fixtures';
import { migrate } from '../../src/db/migrate';
import { wrapPGlite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { openServiceDatabase, serviceUrl } from './test-pooler';
import { startQueue } from '../../src/queue/queue';
import { createMetrics } from '../../src/metrics/metrics';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DATABASE_KIND = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * For the slow tests that gain nothing from a second database, so that CI (which runs the suite once per database)
 * runs them once: those whose processes use the embedded database whatever TEST_DATABASE_URL says (the command line,
 * start-up failures, the data folder's lock, log format) and PGlite's own tests. They run in the default `npm test`
 * (PGlite) and are skipped, as pending, with TEST_DATABASE_URL.
 */
export function describeOnEmbeddedRunOnly(title: string, suite: (this: Mocha.Suite) => void): Mocha.Suite | void {
  // Chosen when called: this module is loaded with the root hooks, before mocha defines describe.
  return (DATABASE_KIND === 'pglite' ? describe : describe.skip)(title, suite);
}

/**
 * For the slow suites whose subject is not the database (what a browser shows, images decoded, faces found, regular
 * expressions' running time): they use a real database like every test, but a second database adds nothing to them.
 * `npm test` runs them; CI's second run, on PGlite, is the suite's database part only (TEST_DATABASE_PART_ONLY=1, set
 * by .ci/run) and skips them as pending, as its first run, on the PostgreSQL server, has run them.
 */
export function describeBeyondTheDatabase(title: string, suite: (this: Mocha.Suite) => void): Mocha.Suite | void {
  return (process.env.TEST_DATABASE_PART_ONLY === '1' ? describe.skip : describe)(title, suite);
}

const silent = pino({ level: 'silent' });
/** The server databases made for the test file running now (a worker runs one file at a time). */
const created: string[] = [];
let template: Promise<string | PGliteInterface> | undefined;

/** Names the run (the mocha process, parent of the parallel workers) in every server database it makes. */
const RUN_VARIABLE = 'PHOTOBOOK_TEST_RUN';
const runId = () => process.env[RUN_VARIABLE] ?? String(process.pid);
const serverDatabaseName = (kind: 'template' | 'test') => `pb_${kind}_${runId()}_${randomBytes(5).toString('hex')}`;

/** Called in the mocha process before any worker starts: the workers inherit the run's id. */
export function nameTestRun(): void {
  process.env[RUN_VARIABLE] = String(process.pid);
}

/** Migrations, the reference data and the job queue's own tables, as the service would set them up. */
async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await ensureReferenceData(db);
  const queue = await startQueue(db, jobRegistry, silent, {}, createMetrics());
  await queue.stop();
}

const urlWithDatabase = (name: string) => databaseUrlOn(TEST_DATABASE_URL as string, name);
const adminQuery = (text: string) => runAdminStatement(TEST_DATABASE_URL as string, text);

async function makeTemplate(): Promise<string | PGliteInterface> {
  if (TEST_DATABASE_URL) {
    // Not among this file's databases: the other files of this process copy it; the run's end drops it.
    const name = serverDatabaseName('template');
    await adminQuery(`CREATE DATABASE ${name}`);
    // A pool of 4, as each test file's database: files run side by side on one server (.ci/run counts its connections).
    const db = openPostgres(urlWithDatabase(name), 4);
    await prepare(db);
    await db.close();
    return name;
  }
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  await prepare(wrapPGlite(client));
  return client;
}

/** A new, empty database on the TEST_DATABASE_URL server (dropped after all tests): its name. */
async function emptyServerDatabaseName(): Promise<string> {
  const name = serverDatabaseName('test');
  await adminQuery(`CREATE DATABASE ${name}`);
  created.push(name);
  return name;
}

/** The URL of a new, empty database on the TEST_DATABASE_URL server (dropped after all tests). */
export async function emptyServerDatabaseUrl(): Promise<string> {
  // Through the pooler when the run has one (test-pooler.ts).
  return serviceUrl(urlWithDatabase(await emptyServerDatabaseName()));
}

/** An empty database with no migrations applied (for readiness and migration tests). */
export async function bareDatabase(): Promise<Database> {
  if (TEST_DATABASE_URL) return openServiceDatabase(urlWithDatabase(await emptyServerDatabaseName()), 4);
  return wrapPGlite(await PGlite.create(undefined, { extensions: { pg_trgm } }));
}

/** A new database as a fresh deployment has it: every migration and the reference data, nothing else. */
export async function freshDatabase(): Promise<Database> {
  template ??= makeTemplate();
  const source = await template;
  if (typeof source === 'string') {
    const name = serverDatabaseName('test');
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${source}`);
    created.push(name);
    return openServiceDatabase(urlWithDatabase(name), 4);
  }
  return wrapPGlite(await source.clone());
}

/** Drops the server databases the test file that just ended made (the root hooks call it after each file). */
export async function dropFileDatabases(): Promise<void> {
  for (const name of created.splice(0).reverse()) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

/**
 * At the run's end, in the mocha process (or a script's): drops every server database of the run, the workers'
 * templates and what a worker that died left; and closes this process's embedded template.
 */
export async function dropTestDatabases(): Promise<void> {
  const source = template ? await template : undefined;
  template = undefined;
  if (source && typeof source !== 'string') await source.close();
  if (!TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'pb\\_%' AND split_part(datname, '_', 3) = $1", [runId()]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  } finally {
    await client.end();
  }
}
