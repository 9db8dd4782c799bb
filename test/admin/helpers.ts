// What the catalog administration tests share: users of each role, waiting for the worker, counting files.
import type { Runtime } from '../../src/runtime';

export interface RoleTokens {
  admin: string;
  moderator: string;
  user: string;
}

export async function roleTokens(runtime: Runtime): Promise<RoleTokens> {
  const tokens: Partial<RoleTokens> = {};
  for (const role of ['admin', 'moderator', 'user'] as const) {
    const user = await runtime.users.create({ email: `${role}-${Date.now()}@example.com`, role });
    tokens[role] = `Bearer ${runtime.tokens.issue(user)}`;
  }
  return tokens as RoleTokens;
}

/** Polls a condition on the database (the worker runs in this process) until it holds, up to timeoutMs. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Jobs of that name by state. */
export async function jobStates(runtime: Runtime, name: string): Promise<string[]> {
  const { rows } = await runtime.db.sql.query<{ state: string }>('SELECT state::text AS state FROM pgboss.job WHERE name = $1 ORDER BY created_on', [name]);
  return rows.map((row) => row.state);
}

export const settled = (states: string[]) => states.length > 0 && states.every((state) => state === 'completed' || state === 'failed');
