// A route that answers only when the test releases it, and says when a request has reached it: requests in
// flight without sleeping.
import Router from '@koa/router';
import type { RouteModule } from '../../src/http/route-module';

export function gatedRoute(path = '/api/slow/') {
  let reached!: () => void;
  let release!: () => void;
  const gate = {
    reached: new Promise<void>((resolve) => { reached = resolve; }),
    released: new Promise<void>((resolve) => { release = resolve; }),
    release: () => release(),
  };
  const router = new Router();
  router.get(path, async (ctx) => {
    reached();
    await gate.released;
    ctx.body = { finished: true };
  });
  const module: RouteModule = { router, docs: [] };
  return { gate, module };
}
