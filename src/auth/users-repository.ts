// SQL for users: no rules here.
import type { SqlExecutor } from '../db/database';
import type { Role } from '../shared/user';

export interface User {
  id: number;
  email: string | null;
  name: string;
  role: Role;
  /** Raised by logout and deletion: tokens issued under an older version no longer hold. */
  tokenVersion: number;
  createdAt: Date;
  /** Set when the user was deleted: the row stays for their orders, with nothing personal left in it. */
  deletedAt: Date | null;
  /** A visitor's last request (refreshed at most hourly), for the purge of idle visitors; null for other roles. */
  lastSeenAt: Date | null;
}

const USER_COLUMNS = `id, email, name, role, token_version AS "tokenVersion", created_at AS "createdAt",
  deleted_at AS "deletedAt", last_seen_at AS "lastSeenAt"`;

// The table's own defaults (name '', role 'user') apply to what the caller leaves out.
const INSERT_USER = `INSERT INTO users (email, name, role, last_seen_at)
  VALUES ($1, coalesce($2::text, ''), coalesce($3::text, 'user'), $4)`;

const VISITOR_SEEN_PRECISION_MS = 3600_000;

export function createUsersRepository(sql: SqlExecutor) {
  const one = async (text: string, params: unknown[]): Promise<User | undefined> => (await sql.query<User>(text, params)).rows[0];

  return {
    findById: (id: number) => one(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]),
    findByEmail: (email: string) => one(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]),
    async create(values: { email: string | null; name?: string; role?: Role }): Promise<User> {
      return (await one(`${INSERT_USER} RETURNING ${USER_COLUMNS}`, [values.email, values.name ?? null, values.role ?? null, null]))!;
    },
    /** undefined when the address is already someone's (the unique index decides, so two at once cannot both win). */
    createUnlessTaken: (values: { email: string; name?: string; role: Role }) =>
      one(`${INSERT_USER} ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`, [values.email, values.name ?? null, values.role, null]),
    async setRole(id: number, role: Role): Promise<User> {
      return (await one(`UPDATE users SET role = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [id, role]))!;
    },
    /** A new visitor account (POST /auth/autoreg/): no e-mail, seen now. */
    async createVisitor(): Promise<User> {
      return (await one(`${INSERT_USER} RETURNING ${USER_COLUMNS}`, [null, null, 'visitor', new Date()]))!;
    },
    /**
     * Records that a visitor is still in use, for the purge of idle visitors. At most once an hour per visitor, so
     * that a visitor's requests are not each a write.
     */
    async noteVisitorSeen(user: User): Promise<void> {
      if (user.lastSeenAt !== null && Date.now() - user.lastSeenAt.getTime() < VISITOR_SEEN_PRECISION_MS) return;
      await sql.query('UPDATE users SET last_seen_at = now() WHERE id = $1', [user.id]);
    },
    async raiseTokenVersion(id: number): Promise<void> {
      await sql.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [id]);
    },
    /**
     * Erases what is personal in the row (e-mail, name) and revokes every token; false when there is no such user
     * or it was already deleted.
     */
    async anonymise(id: number): Promise<boolean> {
      const { rowCount } = await sql.query(
        `UPDATE users SET email = NULL, name = '', deleted_at = now(), token_version = token_version + 1
         WHERE id = $1 AND deleted_at IS NULL`,
        [id],
      );
      return rowCount > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
