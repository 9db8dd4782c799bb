// SQL for users: no rules here.
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { type Role, users } from '../db/tables/index';

export type User = typeof users.$inferSelect;

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
    async raiseTokenVersion(id: number): Promise<void> {
      await orm.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
