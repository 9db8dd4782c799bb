// @koa/multer ships no types: it is multer with promise-returning middleware for Koa.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';
  import type multer from 'multer';

  interface KoaMulter {
    single(field: string): Middleware;
  }

  function koaMulter(options?: multer.Options): KoaMulter;
  namespace koaMulter {
    const diskStorage: typeof multer.diskStorage;
  }
  export default koaMulter;
}
