// Order sets (a shopper's cart and its checkout), orders, deliveries, payments. Money in integer kopecks.
import { bigint, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { layouts } from './layouts';
import { users } from './users';

const kopecks = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const orderSets = pgTable('order_sets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  status: text('status').notNull().default('OPEN'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  trackingNumber: text('tracking_number'),
});

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  orderSetId: integer('order_set_id').notNull().references(() => orderSets.id),
  layoutId: uuid('layout_id').notNull().references(() => layouts.id),
  quantity: integer('quantity').notNull().default(1),
  priceKopecks: kopecks('price_kopecks'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  orderSetId: integer('order_set_id').notNull().references(() => orderSets.id),
  provider: text('provider').notNull(),
  option: jsonb('option').notNull().default({}),
  priceKopecks: kopecks('price_kopecks'),
  status: text('status').notNull().default('draft'),
  externalId: text('external_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  type: text('type').notNull().default('PICKUP'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  aggregatorConfirmedAt: timestamp('aggregator_confirmed_at', { withTimezone: true }),
});

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderSetId: integer('order_set_id').notNull().references(() => orderSets.id),
  provider: text('provider').notNull(),
  amountKopecks: kopecks('amount_kopecks'),
  status: text('status').notNull().default('creating'),
  externalId: text('external_id'),
  confirmationUrl: text('confirmation_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  idempotenceKey: text('idempotence_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a pending payment was last asked of the provider by the reconciliation (migration 0017). */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});
