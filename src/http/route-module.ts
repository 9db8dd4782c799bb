// A router together with the description of its routes, from which the OpenAPI document is made.
import type Router from '@koa/router';

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Schema ids in schemas/; the query parameters are the properties of all of them. */
  query?: string[];
  body?: { schema: string; contentType?: string };
  /** Status -> schema id in schemas/ (or null for a body that is not JSON). */
  responses: Record<number, { description: string; schema: string | null; contentType?: string }>;
  auth?: boolean;
}

export interface RouteModule {
  router: Router;
  docs: RouteDoc[];
  /** Mounted before authentication: the Authorization header is never read (login must work with a stale token). */
  ignoresAuthorization?: boolean;
}
