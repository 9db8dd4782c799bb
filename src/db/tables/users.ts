import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** 'visitor': an account made by POST /auth/autoreg/ for a shopper who has not logged in yet. */
export type Role = 'visitor' | 'user' | 'moderator' | 'admin';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email'),
  name: text('name').notNull().default(''),
  role: text('role').$type<Role>().notNull().default('user'),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the user was deleted: the row stays for their orders, with nothing personal left in it. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** A visitor's last request (refreshed at most hourly), for the purge of idle visitors; null for other roles. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

export const userIdentities = pgTable('user_identities', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  provider: text('provider').notNull(),
  providerUserId: text('provider_user_id').notNull(),
  email: text('email'),
  profile: jsonb('profile').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
