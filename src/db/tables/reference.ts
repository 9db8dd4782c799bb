// Reference tables: ids are the specification's, names come in Russian and English.
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

const names = { nameRu: text('name_ru').notNull(), nameEn: text('name_en').notNull() };

export const themeCategories = pgTable('theme_categories', {
  id: integer('id').primaryKey(),
  ...names,
  inV1Meta: boolean('in_v1_meta').notNull().default(false),
});
export const themeColors = pgTable('theme_colors', { id: integer('id').primaryKey(), ...names });
export const themeStyles = pgTable('theme_styles', { id: integer('id').primaryKey(), ...names });
export const themeAuthors = pgTable('theme_authors', { id: serial('id').primaryKey(), ...names });
export const productTypes = pgTable('product_types', { id: integer('id').primaryKey(), ...names });
export const orientations = pgTable('orientations', { id: text('id').primaryKey(), ...names });
export const templateCategories = pgTable('template_categories', { id: text('id').primaryKey(), ...names });

export const formats = pgTable('formats', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  widthCm: integer('width_cm').notNull(),
  heightCm: integer('height_cm').notNull(),
  orientation: text('orientation').notNull().references(() => orientations.id),
  ...names,
});

export const templates = pgTable('templates', {
  id: serial('id').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Page schemes have a category; cover templates (one per format) have none. */
  categoryId: text('category_id').references(() => templateCategories.id),
  coverFormatId: integer('cover_format_id').references(() => formats.id),
  slots: jsonb('slots').$type<TemplateSlot[]>().notNull().default([]),
});

/** A place for a photo or a text on a page scheme, in fractions of the page. */
export interface TemplateSlot {
  kind: 'photo' | 'text';
  x: number;
  y: number;
  w: number;
  h: number;
}
