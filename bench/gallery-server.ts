// The service as `photobook serve` runs it, plus a ceiling route: the same bytes as a version 2 page, from memory,
// through the same middleware. Prints "READY <port>" on stderr.
import Router from '@koa/router';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { openRuntime } from '../src/runtime';
import { startServer } from '../src/server';

export const CEILING_SOURCE = process.env.CEILING_SOURCE ?? '/api/gallery2/product/?fmt=2&theme_cat=2';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime(config, createLogger(config));
  let ceilingBody: Buffer | undefined;
  const router = new Router();
  router.get('/bench/ceiling/', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = ceilingBody;
  });
  const server = await startServer(runtime, { worker: false, extraModules: [{ router, docs: [] }] });
  const response = await fetch(`http://127.0.0.1:${server.port}${CEILING_SOURCE}`);
  ceilingBody = Buffer.from(await response.arrayBuffer());
  process.stderr.write(`READY ${server.port}\n`);
  process.once('SIGTERM', () => void server.stop().then(() => runtime.close()).then(() => process.exit(0)));
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
