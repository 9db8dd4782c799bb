import { bigint, boolean, pgTable } from 'drizzle-orm/pg-core';

export const catalogState = pgTable('catalog_state', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
