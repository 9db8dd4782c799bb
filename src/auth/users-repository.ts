// SQL for users: no rules here.
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { type Role, users } from '../db/tables/index';

export type User = typeof users.$inferSelect;

const VISITOR_SEEN_PRECISION_MS = 3600_000;

export function createUsersRepository(orm: Orm) {
  return {
    async findById(id: number): Promise<User | undefined> {
      const [user] = await orm.select().from(users).where(eq(users.id, id));
      return user;
    },
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await orm.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return user;
    },
    async create(values: { email: string | null; name?: string; role?: Role }): Promise<User> {
      const [user] = await orm.insert(users).values(values).returning();
      return user;
    },
    /** undefined when the address is already someone's (the unique index decides, so two at once cannot both win). */
    async createUnlessTaken(values: { email: string; name?: string; role: Role }): Promise<User | undefined> {
      const [user] = await orm.insert(users).values(values).onConflictDoNothing().returning();
      return user;
    },
    async setRole(id: number, role: Role): Promise<User> {
      const [user] = await orm.update(users).set({ role }).where(eq(users.id, id)).returning();
      return user;
    },
    /** A new visitor account (POST /auth/autoreg/): no e-mail, seen now. */
    async createVisitor(): Promise<User> {
      const [user] = await orm.insert(users).values({ email: null, role: 'visitor', lastSeenAt: new Date() }).returning();
      return user;
    },
    /**
     * Records that a visitor is still in use, for the purge of idle visitors. At most once an hour per visitor, so
     * that a visitor's requests are not each a write.
     */
    async noteVisitorSeen(user: User): Promise<void> {
      if (user.lastSeenAt !== null && Date.now() - user.lastSeenAt.getTime() < VISITOR_SEEN_PRECISION_MS) return;
      await orm.update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, user.id));
    },
    async raiseTokenVersion(id: number): Promise<void> {
      await orm.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
