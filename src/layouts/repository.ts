// SQL for layouts and their pages: no rules here.
import type { Orm } from '../db/database';
import { layoutPages, layouts } from '../db/tables/index';

export type NewLayout = typeof layouts.$inferInsert;
export type NewLayoutPage = Omit<typeof layoutPages.$inferInsert, 'layoutId'>;

export function createLayoutsRepository(orm: Orm) {
  return {
    /** Inserts a layout with its pages; returns the layout's id. */
    async insertWithPages(layout: NewLayout, pages: NewLayoutPage[]): Promise<string> {
      const [{ id }] = await orm.insert(layouts).values({ ...layout, numPages: pages.length }).returning({ id: layouts.id });
      if (pages.length > 0) await orm.insert(layoutPages).values(pages.map((page) => ({ ...page, layoutId: id })));
      return id;
    },
  };
}
