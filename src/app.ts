// Builds the Koa application from its dependencies and mounts every router. Never listens: tests import it.
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Logger } from 'pino';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/database';
import { adminJobRoutes } from './admin/jobs-routes';
import { deliveryRoutes } from './delivery/routes';
import { sandboxPageRoutes } from './auth/providers/sandbox-page';
import { accountRoutes, enabledProviders, loginRoutes } from './auth/routes';
import { buildOpenApiDocument } from './docs/openapi';
import { docsRoutes } from './docs/routes';
import { editorRoutes } from './editor/routes';
import { galleryRoutes } from './gallery/routes';
import { healthRoutes, type ReadinessCheck } from './health/routes';
import { type DemoShopper, homeRoutes } from './home/routes';
import { authenticate } from './http/auth';
import { cors } from './http/cors';
import { errorMiddleware } from './http/errors';
import { requestLogMiddleware } from './http/request-log';
import type { RouteModule } from './http/route-module';
import type { JsonSchema } from './http/schemas';
import { securityHeaders } from './http/security-headers';
import { trailingSlash } from './http/trailing-slash';
import { createValidator } from './http/validation';
import type { MediaStorage } from './media/storage';
import { printRoutes } from './print/routes';
import { printHoldRoutes, printPartnerWebhookRoutes } from './print/partner/routes';
import { layoutRoutes } from './layouts/routes';
import { sharingRoutes } from './layouts/sharing/routes';
import { textImageRoutes } from './layouts/text-image-routes';
import { mediaRoutes } from './http/media-routes';
import { layoutViewerRoutes } from './layouts/viewer/routes';
import { preflightRoutes } from './layouts/preflight/routes';
import { createUrlSigner } from './http/signed-url';
import { httpMetricsMiddleware } from './metrics/http';
import type { Metrics } from './metrics/metrics';
import { metricsRoutes } from './metrics/routes';
import { productRoutes } from './products/routes';
import { orderAdminRoutes } from './orders/admin-routes';
import { orderRoutes } from './orders/routes';
import { paymentRoutes } from './payments/routes';
import { deviceRoutes } from './photos/analysis/device-routes';
import { folderRoutes } from './photos/folder-routes';
import { photoImageRoutes } from './photos/image-routes';
import { photoRoutes } from './photos/routes';
import type { Queue } from './queue/queue';
import type { Services } from './services';
import { themeElementRoutes } from './themes/element-routes';
import { uploadsFolder } from './http/upload';
import { themeRoutes } from './themes/routes';

export interface AppDependencies {
  config: Config;
  db: Database;
  media: MediaStorage;
  /** The private file area (print files): never served under /media/. */
  privateFiles: MediaStorage;
  log: Logger;
  tokens: TokenService;
  schemas: JsonSchema[];
  queue: Queue;
  metrics: Metrics;
  /** The process's services, from the composition root (src/services.ts): the app builds none of its own. */
  services: Services;
  /** Shown on GET / while `photobook demo` runs. */
  demoShopper?: DemoShopper;
  /** What /readyz checks besides the database (the editing channel's rooms across processes). */
  readiness?: ReadinessCheck[];
}

/** The sandbox provider's page, when SANDBOX_LOGIN allows that provider at all. */
function sandboxLoginPage(config: Config): RouteModule[] {
  if (!config.sandboxLogin.enabled) return [];
  const { publicBaseUrl, frontendUrl, jwtSecret: secret, sandboxLogin: { roleChoice } } = config;
  return [sandboxPageRoutes({ publicBaseUrl, frontendUrl, secret, roleChoice })];
}

/** extraModules: routers mounted after the service's own (tests use it to exercise the HTTP shell). */
export function buildApp(deps: AppDependencies, extraModules: RouteModule[] = []): Koa {
  const { services } = deps;
  const validator = createValidator(deps.schemas);
  const modules: RouteModule[] = [
    homeRoutes(deps.config.publicBaseUrl, deps.demoShopper),
    editorRoutes(deps.config.publicBaseUrl),
    healthRoutes(deps.db, deps.readiness),
    metricsRoutes({ metrics: deps.metrics, production: deps.config.env === 'production', token: deps.config.metricsToken }),
    loginRoutes({
      config: deps.config, tokens: deps.tokens, accounts: services.accounts, providers: enabledProviders(deps.config), log: deps.log, login: services.login,
      states: services.loginStates,
    }),
    ...sandboxLoginPage(deps.config),
    accountRoutes(services.accounts),
    mediaRoutes(deps.media),
    galleryRoutes({ gallery: services.gallery, validator, media: deps.media, metrics: deps.metrics }),
    themeRoutes({ themes: services.themes, themesAdmin: services.themesAdmin, validator, media: deps.media }),
    themeElementRoutes({
      themes: services.themes,
      validator,
      media: deps.media,
      upload: { directory: uploadsFolder(deps.config.dataDir), maxBytes: deps.config.uploadMaxBytes },
    }),
    layoutRoutes({ layouts: services.layouts, validator }),
    sharingRoutes({ sharing: services.sharing, validator }),
    preflightRoutes({ preflight: services.preflight }),
    textImageRoutes({ textImages: services.textImages }),
    layoutViewerRoutes({
      viewer: services.layoutViewer,
      pageImages: services.pageImages,
      validator, publicBaseUrl: deps.config.publicBaseUrl,
    }),
    productRoutes({ products: services.productsAdmin, validator, media: deps.media }),
    adminJobRoutes({ jobs: services.jobsAdmin }),
    printRoutes({
      print: services.print, signer: createUrlSigner(deps.config.jwtSecret, 'print file download'), publicBaseUrl: deps.config.publicBaseUrl,
    }),
    orderRoutes({ orders: services.orders, validator, media: deps.media }),
    orderAdminRoutes({ orderAdmin: services.orderAdmin, validator, media: deps.media }),
    deliveryRoutes({ delivery: services.delivery, validator, db: deps.db, idempotencyKeysPerUser: deps.config.bounds.idempotencyKeysPerUser }),
    paymentRoutes({ payments: services.payments, provider: services.paymentProvider, validator, webhookPerMinute: deps.config.paymentWebhookRateLimitPerMinute }),
    printPartnerWebhookRoutes({ printPartner: services.printPartner, sandbox: services.printPartnerSandbox }),
    printHoldRoutes({ hold: services.printHold, printPartner: services.printPartner, orderAdmin: services.orderAdmin, media: deps.media }),
    photoRoutes({
      photos: services.photos, validator, links: services.photoLinks, publicBaseUrl: deps.config.publicBaseUrl,
      upload: { directory: uploadsFolder(deps.config.dataDir), maxBytes: deps.config.photos.maxBytes },
    }),
    folderRoutes({ folders: services.photoFolders, validator, links: services.photoLinks, publicBaseUrl: deps.config.publicBaseUrl }),
    deviceRoutes({ devices: services.devices, validator }),
    photoImageRoutes({ files: services.photoFiles, links: services.photoLinks, bookLinkOpens: services.layoutViewer.linkOpens }),
    ...extraModules,
  ];
  const allDocs = () => modules.flatMap((module) => module.docs);
  modules.push(docsRoutes(() => buildOpenApiDocument(allDocs(), deps.schemas, deps.config.publicBaseUrl)));

  // Only the entries our own proxies appended are believed; anything left of them is the client's to write.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: deps.config.trustProxyHops });
  app.silent = true;
  app.use(securityHeaders(deps.config.publicBaseUrl));
  app.use(requestLogMiddleware(deps.log));
  app.use(httpMetricsMiddleware(deps.metrics));
  app.use(errorMiddleware(deps.log));
  app.use(cors(deps.config.corsOrigins));
  app.use(trailingSlash);
  app.use(koaBody({
    json: true, jsonStrict: true, jsonLimit: deps.config.maxJsonBodyBytes,
    urlencoded: false, text: false, multipart: false,
    // A print partner's webhook is signed over its raw body (ctx.request.rawBody).
    includeUnparsed: true,
  }));
  const mount = (module: RouteModule) => {
    app.use(module.router.routes());
    app.use(module.router.allowedMethods());
  };
  modules.filter((module) => module.ignoresAuthorization).forEach(mount);
  app.use(authenticate(services.accounts.holderOf));
  modules.filter((module) => !module.ignoresAuthorization).forEach(mount);
  return app;
}
