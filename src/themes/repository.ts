// SQL for themes and their elements: no rules here.
import { and, asc, eq } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { type ThemeElementType, themeElements, themes } from '../db/tables/index';

export type Theme = typeof themes.$inferSelect;
export type ThemeElement = typeof themeElements.$inferSelect;
export type NewThemeElement = typeof themeElements.$inferInsert;

export function createThemesRepository(orm: Orm) {
  return {
    async findTheme(id: number): Promise<Theme | undefined> {
      const [theme] = await orm.select().from(themes).where(eq(themes.id, id));
      return theme;
    },
    /** Oldest first. */
    listElements(themeId: number, type?: ThemeElementType): Promise<ThemeElement[]> {
      const condition = type
        ? and(eq(themeElements.themeId, themeId), eq(themeElements.elementType, type))
        : eq(themeElements.themeId, themeId);
      return orm.select().from(themeElements).where(condition).orderBy(asc(themeElements.createdAt), asc(themeElements.id));
    },
    async insertElement(values: NewThemeElement): Promise<ThemeElement> {
      const [element] = await orm.insert(themeElements).values(values).returning();
      return element;
    },
    /** Deletes the element only if it belongs to that theme; returns it, or undefined. */
    async deleteElement(themeId: number, elementId: number): Promise<ThemeElement | undefined> {
      const [element] = await orm.delete(themeElements)
        .where(and(eq(themeElements.themeId, themeId), eq(themeElements.id, elementId)))
        .returning();
      return element;
    },
  };
}
