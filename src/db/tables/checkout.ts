// The price list, replayable Idempotency-Key answers and the sandbox payment provider's records (migration 0006).
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { formats } from './reference';
import { users } from './users';

export const prices = pgTable('prices', {
  id: integer('id').primaryKey(),
  formatId: integer('format_id').notNull().references(() => formats.id),
  baseKopecks: bigint('base_kopecks', { mode: 'number' }).notNull(),
  includedPages: integer('included_pages').notNull(),
  extraPageKopecks: bigint('extra_page_kopecks', { mode: 'number' }).notNull(),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id),
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (table) => [primaryKey({ columns: [table.userId, table.scope, table.key] })]);

export const sandboxPayments = pgTable('sandbox_payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  idempotenceKey: text('idempotence_key').notNull(),
  orderSetId: integer('order_set_id').notNull(),
  amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
