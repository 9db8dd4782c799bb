// Layouts: a product's pages and the blocks on them, document-shaped parts in jsonb.
import { integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { templates } from './reference';
import { users } from './users';

export const layouts = pgTable('layouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: integer('product_id').references(() => products.id),
  ownerId: integer('owner_id').references(() => users.id),
  name: text('name').notNull().default(''),
  numPages: integer('num_pages').notNull().default(0),
  fontSize: integer('font_size').notNull().default(12),
  lastSchemePageNum: integer('last_scheme_page_num').notNull().default(0),
  schemeThemeRel: jsonb('scheme_theme_rel').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const layoutPages = pgTable('layout_pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  layoutId: uuid('layout_id').notNull().references(() => layouts.id),
  num: integer('num').notNull(),
  type: text('type').notNull(),
  factor: numeric('factor', { precision: 10, scale: 4 }).notNull().default('1'),
  widthPx: integer('width_px').notNull(),
  viewbox: text('viewbox').notNull(),
  templateId: integer('template_id').references(() => templates.id),
  blocks: jsonb('blocks').notNull().default([]),
});
