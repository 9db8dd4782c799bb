// A database whose service may open at most `limit` connections: owned by a login role of its own with a CONNECTION
// LIMIT (the server refuses that role's next connection as it would refuse any past max_connections: "too many
// connections for role"). The shared test server's max_connections cannot be lowered by a test, and a throwaway
// server cannot be started as root (initdb refuses it, as CI runs): the role's limit makes the same ceiling, and counts
// only the service's connections, not those of the test files running beside it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlOn, runAdminStatement } from '../../src/db/admin';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';

export interface LimitedDatabase {
  /** The database's URL as its role (no password: the test server trusts local connections). */
  url: string;
  role: string;
  limit: number;
  /** The role's connections now, on the server. */
  connections(): Promise<number>;
  drop(): Promise<void>;
}

export async function limitedDatabase(limit: number): Promise<LimitedDatabase> {
  const adminUrl = TEST_DATABASE_URL!;
  const database = new URL(await emptyServerDatabaseUrl()).pathname.slice(1);
  const role = `pb_role_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runAdminStatement(adminUrl, `CREATE ROLE ${role} LOGIN CONNECTION LIMIT ${limit}`);
  await runAdminStatement(adminUrl, `ALTER DATABASE ${database} OWNER TO ${role}`);
  const url = new URL(databaseUrlOn(adminUrl, database));
  url.username = role;
  url.password = '';
  return {
    url: url.toString(),
    role,
    limit,
    async connections() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1', [role]);
        return rows[0].n;
      } finally {
        await client.end();
      }
    },
    async drop() {
      await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await runAdminStatement(adminUrl, `DROP ROLE IF EXISTS ${role}`);
    },
  };
}
