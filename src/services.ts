// The composition root: every service and vendor provider of the shop, built once per process from the runtime's
// parts and shared by the HTTP app, the editing channel, the CLI and the job worker (docs/architecture.md).
import { createDevicesService, type DevicesService } from './photos/analysis/devices';
import type { Logger } from 'pino';
import { processPhoto as processPhotoJob } from './jobs/process-photo';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DeliveryProvider } from './delivery/provider';
import { type AccountsService, createAccountsService } from './auth/accounts-service';
import { createLoginService, type LoginService } from './auth/login-service';
import { createStateStore, type StateStore } from './auth/oauth/state-store';
import type { TokenService } from './auth/tokens';
import { createDeliveryProvider } from './delivery/providers/index';
import { createDeliveryService, type DeliveryService } from './delivery/service';
import type { CatalogChangeFeed } from './gallery/change-feed';
import { createGalleryService, type GalleryService } from './gallery/service';
import { createUrlSigner } from './http/signed-url';
import { createPageImages, type PageImages } from './layouts/viewer/page-images';
import { createLayoutsService, type LayoutsService } from './layouts/service';
import { createSharingService, type SharingService } from './layouts/sharing/service';
import { createTextImageLink, createTextImages, type TextImageLink, type TextImages } from './layouts/text-images';
import { createLayoutViewer, type LayoutViewer } from './layouts/viewer/service';
import { createLayoutPreflight, type LayoutPreflight } from './layouts/preflight/service';
import { createMailer, type Mailer } from './mail/mailer';
import type { MediaStorage } from './media/storage';
import type { JsonSchema } from './http/schemas';
import { createValidator } from './http/validation';
import { createEditingReceiver, type EditingReceiver } from './layouts/editing/receiver';
import type { Metrics } from './metrics/metrics';
import { createOrderAdminService, type OrderAdminService } from './orders/admin-service';
import { createOrdersService, type OrdersService } from './orders/service';
import type { PaymentProvider } from './payments/provider';
import { createFoldersService, type FoldersService } from './photos/folders-service';
import { createPhotoFiles, type PhotoFiles } from './photos/photo-files';
import { createPhotoLinks, type PhotoLinks } from './photos/photo-links';
import { createPhotosService, type PhotosService } from './photos/service';
import { createPaymentProvider } from './payments/providers/index';
import type { SandboxPaymentProvider } from './payments/providers/sandbox';
import { createRefunds, type Refunds } from './payments/refunds';
import { createPaymentsService, type PaymentsService } from './payments/service';
import { partnerPageRange } from './print/print-geometry';
import { createPrintService, type PrintService } from './print/service';
import { createPrintPartnerParts, type PrintPartnerParts } from './print/partner/index';
import { createJobsAdminService, type JobsAdminService } from './admin/jobs-service';
import { createProductsAdminService, type ProductsAdminService } from './products/admin-service';
import { createProductPreviews, type ProductPreviews } from './products/preview-service';
import { createProductsService, type ProductsService } from './products/service';
import type { Queue } from './queue/queue';
import { createRetentionService, type RetentionService } from './retention/service';
import { createStoredFileDeletions, type StoredFileDeletions } from './file-deletions/stored-file-deletions';
import { createThemesAdminService, type ThemesAdminService } from './themes/admin-service';
import { createThemesService, type ThemesService } from './themes/service';
import { createLimiter } from './util/limiter';

/** What the services are built from: the runtime's infrastructure, opened before them. */
export interface ServiceParts {
  config: Config;
  log: Logger;
  db: Database;
  media: MediaStorage;
  /** Files that are never served under /media/ (print files): a private area of the same kind of storage. */
  privateFiles: MediaStorage;
  queue: Queue;
  catalogChanges: CatalogChangeFeed;
  metrics: Metrics;
  /** The JSON Schemas messages are validated by. */
  schemas: JsonSchema[];
  /** Signs and verifies the JWTs: the accounts service says whom one stands for. */
  tokens: TokenService;
}

export interface Services {
  /** Whom a token stands for, the caller's own account, logout, deletion, visitors: what transports ask of accounts. */
  accounts: AccountsService;
  /** The background jobs for administrators: the overview, and a job failed for good run again. */
  jobsAdmin: JobsAdminService;
  /** Logins through the identity providers: accounts found or made, a visitor's work taken over. */
  login: LoginService;
  /** The login attempts' states (random, single-use, expiring, with their PKCE verifiers). */
  loginStates: StateStore;
  /** The delivery aggregator: one per process, so the sandbox's placed orders are the same for routes and jobs. */
  deliveryProvider: DeliveryProvider;
  paymentProvider: PaymentProvider | SandboxPaymentProvider;
  mailer: Mailer;
  /** The outbox of deletions: files a write leaves without a row naming them. */
  deletions: StoredFileDeletions;
  /** The scheduled purge of expired records and sweep of files no row names. */
  retention: RetentionService;
  orders: OrdersService;
  payments: PaymentsService;
  refunds: Refunds;
  delivery: DeliveryService;
  orderAdmin: OrderAdminService;
  print: PrintService;
  /** Issue 53: the print partners, the hold after payment, the sandbox partner when it is served here. */
  printPartner: PrintPartnerParts['service'];
  printHold: ReturnType<PrintPartnerParts['holdFor']>;
  printPartnerSandbox: PrintPartnerParts['sandbox'];
  products: ProductsService;
  productsAdmin: ProductsAdminService;
  productPreviews: ProductPreviews;
  layouts: LayoutsService;
  /** The one door into editing a book: every transport's messages (and a job's or command's) go through it. */
  editing: EditingReceiver;
  /** Making a book together: invitations and members (issue 50). */
  sharing: SharingService;
  /** A book's preflight: what its print would get wrong. */
  preflight: LayoutPreflight;
  layoutViewer: LayoutViewer;
  /** The viewer's page images: one drawing queue and one cache per process. */
  pageImages: PageImages;
  gallery: GalleryService;
  themes: ThemesService;
  themesAdmin: ThemesAdminService;
  /** Shoppers' photos: uploads, their processing job and the library. */
  photos: PhotosService;
  /** The cameras of a shopper's photos and their clock offsets (one timeline for autofill). */
  devices: DevicesService;
  /** Folders over the photo library. */
  photoFolders: FoldersService;
  /** The signed links to photos' files that their owner's JSON carries. */
  photoLinks: PhotoLinks;
  /** The links of the pictures of books' texts (content.link), and the pictures. */
  textImageLink: TextImageLink;
  textImages: TextImages;
  /** Photos' files served from the private area, their sizes made on demand. */
  photoFiles: PhotoFiles;
}

export function createServices(parts: ServiceParts): Services {
  const { config, log, db, media, queue } = parts;
  const deliveryProvider = createDeliveryProvider(config.delivery);
  const paymentProvider = createPaymentProvider(config.payment, db, config.publicBaseUrl);
  const deletions = createStoredFileDeletions({ db, media, privateFiles: parts.privateFiles, queue, log });
  const preflight = createLayoutPreflight({
    db, printDpi: config.printDpi, pageRange: (book) => partnerPageRange(config.printPartner, book.formatId, book),
  });
  const photoLinks = createPhotoLinks(createUrlSigner(config.jwtSecret, 'photo files'), config.publicBaseUrl);
  const textImageLink = createTextImageLink(config.publicBaseUrl);
  const layouts = createLayoutsService({ db, media, config, photoLinks, textImage: textImageLink });
  const orders = createOrdersService(db, preflight.check, layouts.coverPages);
  const mailer = createMailer(config.mail, config.dataDir);
  const print = createPrintService({
    db, media, privateFiles: parts.privateFiles, printDpi: config.printDpi, log, queue, printPartner: config.printPartner, layouts,
  });
  const printPartners = createPrintPartnerParts({ db, queue, log, config, print });
  const payments = createPaymentsService({
    db, provider: paymentProvider, queue, log, returnUrl: config.payment.returnUrl, afterPaid: printPartners.service.holdAfterPayment,
  });
  const refunds = createRefunds({ provider: paymentProvider, log });
  const orderAdmin = createOrderAdminService({ db, orders, refunds, queue, mailer, log });
  const products = createProductsService(queue, layouts.catalog);
  const imageWork = createLimiter(config.imageConcurrency);
  return {
    accounts: createAccountsService({ db, tokens: parts.tokens, deletions }),
    login: createLoginService(db, deletions),
    loginStates: createStateStore(db.sql),
    jobsAdmin: createJobsAdminService(queue),
    deliveryProvider,
    paymentProvider,
    mailer,
    deletions,
    retention: createRetentionService({ db, media, privateFiles: parts.privateFiles, deletions, log, bounds: config.bounds }),
    orders,
    payments,
    refunds,
    delivery: createDeliveryService({ db, provider: deliveryProvider, orders, payments, log }),
    orderAdmin,
    print,
    printPartner: printPartners.service,
    printHold: printPartners.holdFor({ orders, orderAdmin, refunds }),
    printPartnerSandbox: printPartners.sandbox,
    products,
    productsAdmin: createProductsAdminService({ db, products, queue, deletions, catalogLayouts: layouts.catalog }),
    productPreviews: createProductPreviews({ db, media, deletions, log }),
    layouts,
    editing: createEditingReceiver({
      db, media, log, limits: config.editing, photoLinks, printDpi: config.printDpi, textImage: textImageLink, preflightOf: preflight.check,
      validator: createValidator(parts.schemas), spansProcesses: db.kind === 'postgres',
    }),
    sharing: createSharingService({ db, media, publicBaseUrl: config.publicBaseUrl, textImage: textImageLink }),
    textImageLink,
    textImages: createTextImages({ db, media }),
    preflight,
    layoutViewer: createLayoutViewer({ db, media, photoFiles: parts.privateFiles, signer: createUrlSigner(config.jwtSecret, 'layout viewer') }),
    pageImages: createPageImages(config.viewer, parts.metrics),
    gallery: createGalleryService(db, parts.catalogChanges, config.gallery.cacheBytes),
    themes: createThemesService({
      db, media, log, queue, deletions, imageWork, maxPixels: config.uploadMaxPixels,
    }),
    themesAdmin: createThemesAdminService({ db, queue, deletions, products, mailer, notifyEmails: config.mail.notifyEmails, log }),
    devices: createDevicesService(db),
    photos: createPhotosService({
      db, files: parts.privateFiles, queue, deletions, log, imageWork, maxPixels: config.photos.maxPixels,
      quotas: { user: config.photos.userQuota, visitor: config.photos.visitorQuota },
      processingRuns: 1 + (config.jobRetry.limit ?? processPhotoJob.retry.limit),
    }),
    photoFolders: createFoldersService(db),
    photoLinks,
    photoFiles: createPhotoFiles({ db, files: parts.privateFiles, imageWork }),
  };
}
