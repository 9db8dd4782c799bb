// A book's preflight over HTTP: for its owner, moderators and administrators.
import Router from '@koa/router';
import { requireAccount } from '../../http/auth';
import { uuidParam } from '../../http/params';
import { requireUser } from '../../http/request-state';
import type { RouteDoc, RouteModule } from '../../http/route-module';
import type { LayoutPreflight } from './service';

export function preflightRoutes(deps: { preflight: LayoutPreflight }): RouteModule {
  const router = new Router();
  router.get('/api/ua/layout/:layout_id/preflight/', requireAccount(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.preflight.forUser(requireUser(ctx), uuidParam(ctx.params.layout_id));
  });
  return { router, docs: PREFLIGHT_DOCS };
}

const PREFLIGHT_DOCS: RouteDoc[] = [{
  method: 'get', path: '/api/ua/layout/:layout_id/preflight/', tags: ['layouts'], auth: true,
  summary: 'What a book\'s print would get wrong, page by page',
  description: 'Empty photo frames, photos below the print DPI (low) or below half of it (cannot_print), texts that do not fit, characters without a glyph, content within the safe margin of the trim. Errors keep the book out of the cart (POST /api/merch/order/, POST /api/ua/layout/<id>/) and a set from being confirmed (409 with this answer under "preflight"). The owner, moderators and administrators may read it.',
  responses: {
    200: { description: 'The preflight', schema: 'preflight.json' },
    401: { description: 'Not logged in', schema: 'error-detail.json' },
    404: { description: 'No such layout, or not the caller\'s', schema: 'error-detail.json' },
  },
}];
