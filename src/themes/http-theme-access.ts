// Who may see a theme, for the routes of themes and of their elements: approved themes are open to all, the others
// to administrators only.
import type { Context, Next } from 'koa';
import { forbidden, notAuthenticated, notFound } from '../http/errors';
import { idParam } from '../http/params';
import { optionalUser } from '../http/request-state';
import type { Theme } from './repository';
import type { ThemesService } from './service';

export type ThemeAccess = 'read' | 'admin';

/** The theme named by the path's theme_id, if this request may have it (404, 401 or 403 otherwise). */
export async function themeOfPath(ctx: Context, themes: ThemesService, access: ThemeAccess): Promise<Theme> {
  const theme = await themes.findTheme(idParam(ctx.params.theme_id));
  if (!theme) throw notFound();
  const user = optionalUser(ctx);
  if (access === 'read' && !theme.approved && user?.role !== 'admin') throw user ? forbidden() : notAuthenticated();
  return theme;
}

/** The same check as a middleware, before what follows it reads the request (its query, its upload). */
export const requireThemeAccess = (themes: ThemesService, access: ThemeAccess) => async (ctx: Context, next: Next) => {
  await themeOfPath(ctx, themes, access);
  await next();
};
