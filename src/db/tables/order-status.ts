// What follows payment (migration 0013): the order set's status history and its refund, and the sandbox's refunds.
import { bigint, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sandboxPayments } from './checkout';
import { orderSets, payments } from './orders';
import { users } from './users';

export const orderStatusHistory = pgTable('order_status_history', {
  id: serial('id').primaryKey(),
  orderSetId: integer('order_set_id').notNull().references(() => orderSets.id),
  fromStatus: text('from_status').notNull(),
  toStatus: text('to_status').notNull(),
  trackingNumber: text('tracking_number'),
  changedBy: integer('changed_by').references(() => users.id),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refunds = pgTable('refunds', {
  orderSetId: integer('order_set_id').primaryKey().references(() => orderSets.id),
  paymentId: integer('payment_id').notNull().references(() => payments.id),
  idempotenceKey: text('idempotence_key').notNull(),
  amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
  status: text('status').notNull().default('requested'),
  externalId: text('external_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  idempotenceKey: text('idempotence_key').notNull(),
  paymentId: uuid('payment_id').notNull().references(() => sandboxPayments.id),
  amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
