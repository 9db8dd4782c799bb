// The theme named by a route's path, for the routes of themes and of their elements: who may have which theme is
// the themes service's (themeFor).
import type { Context, Next } from 'koa';
import { idParam } from '../http/params';
import { optionalUser } from '../http/request-state';
import type { Theme } from './repository';
import type { ThemeAccess, ThemesService } from './service';

/** The theme named by the path's theme_id, if this request may have it (404, 401 or 403 otherwise). */
export const themeOfPath = (ctx: Context, themes: ThemesService, access: ThemeAccess): Promise<Theme> =>
  themes.themeFor(optionalUser(ctx), idParam(ctx.params.theme_id), access);

/** The same check as a middleware, before what follows it reads the request (its query, its upload). */
export const requireThemeAccess = (themes: ThemesService, access: ThemeAccess) => async (ctx: Context, next: Next) => {
  await themeOfPath(ctx, themes, access);
  await next();
};
