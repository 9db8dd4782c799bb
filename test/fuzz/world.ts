// What the fuzz runs against: the service on a fresh database with the demo reference data and catalog, one user
// of every role the database allows (two of the plain role), their tokens, and a per-user fingerprint of every
// row that belongs to a user, found through the foreign keys (so tables added later are covered too).
import jwt from 'jsonwebtoken';
import sharp from 'sharp';
import { loadReferenceData } from '../../src/seed/fixtures';
import { seedDemoCatalog } from '../../src/seed/demo';
import type { Role } from '../../src/shared/user';
import type { SqlExecutor } from '../../src/db/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';

export interface Actor {
  name: string;
  /** The Authorization header, or undefined for none. */
  authorization?: string;
  /** The user acting, when the header is a valid token. */
  userId?: number;
  role?: Role;
}

export interface FuzzWorld {
  runtime: TestRuntime;
  url: string;
  actors: Actor[];
  image: Buffer;
  fingerprint(): Promise<Map<number, string>>;
  /** After a request that may have logged a user out or deleted one: fresh tokens, a new user for a deleted one. */
  /** New tokens for the actors (a request may have changed a role or logged out); whether an account was made anew. */
  refreshActors(): Promise<boolean>;
  close(): Promise<void>;
}

/** The roles the users table accepts, read from its check constraint. */
async function rolesOf(sql: SqlExecutor): Promise<Role[]> {
  const { rows } = await sql.query<{ definition: string }>(
    "SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'users'::regclass AND contype = 'c'");
  const roleCheck = rows.find((row) => row.definition.includes('role'))?.definition ?? "'user'";
  return [...roleCheck.matchAll(/'([a-z_]+)'/g)].map((match) => match[1] as Role);
}

/** For every table with a path of foreign keys to users: a query of its rows with the owning user's id. */
async function ownedRowQueries(sql: SqlExecutor): Promise<string[]> {
  const { rows: keys } = await sql.query<{ source: string; column_name: string; target: string; target_column: string }>(`
    SELECT c.conrelid::regclass::text AS source, a.attname AS column_name, c.confrelid::regclass::text AS target, b.attname AS target_column
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = c.confkey[1]
    WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.connamespace = 'public'::regnamespace`);
  const owned = new Map<string, string>([['users', 'SELECT u.id AS fuzz_owner, u.* FROM users u']]);
  for (let grew = true; grew;) {
    grew = false;
    for (const key of keys) {
      const through = owned.get(key.target);
      if (owned.has(key.source) || !through) continue;
      owned.set(key.source, key.target === 'users'
        ? `SELECT x.${key.column_name} AS fuzz_owner, x.* FROM ${key.source} x`
        : `SELECT p.fuzz_owner, x.* FROM ${key.source} x JOIN (${through}) p ON p.${key.target_column} = x.${key.column_name}`);
      grew = true;
    }
  }
  return [...owned.values()].map((rows) =>
    `SELECT fuzz_owner, md5(string_agg(q::text, '|' ORDER BY q::text)) AS hash FROM (${rows}) q WHERE fuzz_owner IS NOT NULL GROUP BY fuzz_owner`);
}

export async function createFuzzWorld(overrides: Record<string, string> = {}): Promise<FuzzWorld> {
  const runtime = await testRuntime({
    MAX_JSON_BODY_BYTES: '16384', UPLOAD_MAX_BYTES: String(256 * 1024), LOGIN_RATE_LIMIT_PER_MINUTE: '100000', ...overrides,
  });
  await loadReferenceData(runtime.db);
  await seedDemoCatalog(runtime, 2);
  const server = await testServer(runtime);
  const actors: Actor[] = [
    { name: 'anonymous' },
    { name: 'Bearer null', authorization: 'Bearer null' },
    { name: 'garbage token', authorization: 'Bearer not.a.token' },
    { name: 'malformed header', authorization: 'Bearer a b c' },
    { name: 'other scheme', authorization: 'Basic dXNlcjpwYXNz' },
    { name: 'expired token', authorization: `Bearer ${jwt.sign({ user: { id: 1, role: 'admin' }, ver: 0 }, TEST_JWT_SECRET, { subject: '1', expiresIn: -60 })}` },
  ];
  const roles = await rolesOf(runtime.db.sql);
  let created = 0;
  const userActor = async (role: Role, name: string): Promise<Actor> => {
    created += 1;
    const user = await runtime.users.create({ email: `fuzz-${created}-${role}@example.com`, name: `Fuzz ${name}`, role });
    return { name, authorization: `Bearer ${runtime.tokens.issue(user)}`, userId: user.id, role };
  };
  for (const [index, role] of ['user', ...roles].entries()) actors.push(await userActor(role as Role, `${role} #${index}`));
  const queries = await ownedRowQueries(runtime.db.sql);
  return {
    runtime,
    url: server.url,
    actors,
    image: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer(),
    async fingerprint() {
      const hashes = new Map<number, string>();
      for (const query of queries) {
        for (const row of (await runtime.db.sql.query<{ fuzz_owner: number; hash: string }>(query)).rows) {
          hashes.set(row.fuzz_owner, `${hashes.get(row.fuzz_owner) ?? ''}${row.hash}`);
        }
      }
      return hashes;
    },
    async refreshActors() {
      let madeAnew = false;
      for (const [index, actor] of actors.entries()) {
        if (actor.userId === undefined) continue;
        const user = await runtime.users.findById(actor.userId);
        if (user && user.deletedAt === null) {
          actors[index] = { ...actor, authorization: `Bearer ${runtime.tokens.issue(user)}` };
        } else {
          actors[index] = await userActor(actor.role!, actor.name);
          madeAnew = true;
        }
      }
      return madeAnew;
    },
    async close() {
      await server.stop();
      await runtime.dispose();
    },
  };
}
