// Statements that need an administrative connection to the server (creating and dropping whole databases),
// for test and benchmark set-up; the service itself never runs them.
import pg from 'pg';

/** The URL of another database on the same server as adminUrl. */
export function databaseUrlOn(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function runAdminStatement(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
