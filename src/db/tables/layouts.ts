// Layouts: a product's pages and the blocks on them, document-shaped parts in jsonb.
import { integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { formats, templates } from './reference';
import { users } from './users';

export type LayoutStatus = 'ACTIVE' | 'DELETED';
export type PageType = 'COVER' | 'PAGE';
export type BlockType = 'BACKGROUND' | 'PHOTO' | 'TEXT';

/** A rectangle in percent of the page (or, for content_warp, of the block). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** As stored: content.image is a media key (or an absolute URL); presenters turn keys into URLs. */
export interface Block extends Box {
  id: string;
  type: BlockType;
  theme_element_type: string | null;
  content_warp: Box;
  content: { image: string | null; text: string; link: string | null };
}

/** A photo or text a scheme change took off a page, kept on the layout. */
export interface UnplacedContent {
  id: string;
  type: 'PHOTO' | 'TEXT';
  page_id: string;
  content_warp: Box;
  content: Block['content'];
}

export const layouts = pgTable('layouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: integer('product_id').references(() => products.id),
  ownerId: integer('owner_id').references(() => users.id),
  formatId: integer('format_id').references(() => formats.id),
  status: text('status').$type<LayoutStatus>().notNull().default('ACTIVE'),
  version: integer('version').notNull().default(0),
  unplaced: jsonb('unplaced').$type<UnplacedContent[]>().notNull().default([]),
  name: text('name').notNull().default(''),
  numPages: integer('num_pages').notNull().default(0),
  fontSize: integer('font_size').notNull().default(12),
  lastSchemePageNum: integer('last_scheme_page_num').notNull().default(0),
  schemeThemeRel: jsonb('scheme_theme_rel').$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const layoutPages = pgTable('layout_pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  layoutId: uuid('layout_id').notNull().references(() => layouts.id),
  num: integer('num').notNull(),
  type: text('type').$type<PageType>().notNull(),
  factor: numeric('factor', { precision: 10, scale: 4 }).notNull().default('1'),
  widthPx: integer('width_px').notNull(),
  viewbox: jsonb('viewbox').$type<{ width: number; height: number }>().notNull(),
  templateId: integer('template_id').references(() => templates.id),
  blocks: jsonb('blocks').$type<Block[]>().notNull().default([]),
});

export const layoutTransactions = pgTable('layout_transactions', {
  transactionId: uuid('transaction_id').notNull(),
  layoutId: uuid('layout_id').notNull().references(() => layouts.id),
  userId: integer('user_id').notNull(),
  messageHash: text('message_hash').notNull(),
  ack: jsonb('ack').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
