// Themes, their images, and the products made from them.
import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { formats, productTypes, themeAuthors, themeCategories, themeColors, themeStyles } from './reference';
import { users } from './users';

export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  approved: boolean('approved').notNull().default(false),
  authorId: integer('author_id').references(() => themeAuthors.id),
  colorId: integer('color_id').references(() => themeColors.id),
  styleId: integer('style_id').references(() => themeStyles.id),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const themeCategoryLinks = pgTable(
  'theme_category_links',
  {
    themeId: integer('theme_id').notNull().references(() => themes.id),
    categoryId: integer('category_id').notNull().references(() => themeCategories.id),
  },
  (table) => [primaryKey({ columns: [table.themeId, table.categoryId] })],
);

export const THEME_ELEMENT_TYPES = [
  'FRONT_COVER_BACKGROUND',
  'BACK_COVER_BACKGROUND',
  'COVER_BACKGROUND',
  'SPINE_BACKGROUND',
  'PAGE_BACKGROUND',
  'FORMAT_STRIPE',
  'CORNER',
  'DESIGN_ELEMENT',
] as const;
export type ThemeElementType = (typeof THEME_ELEMENT_TYPES)[number];

export const themeElements = pgTable('theme_elements', {
  id: serial('id').primaryKey(),
  themeId: integer('theme_id').notNull().references(() => themes.id),
  elementType: text('element_type').$type<ThemeElementType>().notNull(),
  imageType: text('image_type'),
  position: text('position').notNull().default('UNIVERSAL'),
  format: text('format').notNull().default('UNIVERSAL'),
  isPattern: boolean('is_pattern').notNull().default(false),
  scale: integer('scale').notNull().default(100),
  image: text('image').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  themeId: integer('theme_id').notNull().references(() => themes.id),
  formatId: integer('format_id').notNull().references(() => formats.id),
  productTypeId: integer('product_type_id').notNull().references(() => productTypes.id),
  specialProject: text('special_project'),
  previewCover: text('preview_cover'),
  popularity: integer('popularity').notNull().default(0),
  templateCategories: text('template_categories').array().notNull().default([]),
  layoutId: uuid('layout_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
