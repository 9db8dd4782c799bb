// The print partners the configuration names, built once per process: a Lulu Print API client per partner (the
// sandbox partner is one too, pointed at its own pages here), the service that sends books and applies reports, and
// the shopper's hold.
import type { Logger } from 'pino';
import type { Config, PrintPartnerName } from '../../config';
import type { Database } from '../../db/database';
import { createUrlSigner } from '../../http/signed-url';
import type { OrderAdminService } from '../../orders/admin-service';
import type { OrdersService } from '../../orders/service';
import type { Refunds } from '../../payments/refunds';
import type { Queue } from '../../queue/queue';
import { SANDBOX_PAGE_RANGE } from '../print-geometry';
import { downloadPath } from '../routes';
import type { PrintService } from '../service';
import { createPrintHold } from './hold';
import { createLuluPartner } from './lulu';
import type { PrintPartner } from './partner';
import { createSandboxPartner } from './sandbox';
import { createPrintPartnerService } from './service';

/** Where the sandbox partner is served in this service. */
export const SANDBOX_PREFIX = '/print-partner/sandbox';
/** A partner fetches files when it gets to them (Lulu: asynchronously, maybe again): links work for a week. */
const PARTNER_LINK_SECONDS = 7 * 24 * 3600;

export function createPrintPartnerParts(deps: { db: Database; queue: Queue; log: Logger; config: Config; print: PrintService }) {
  const { config } = deps;
  const settings = config.printPartner;
  const named = new Set<PrintPartnerName | null>([settings.defaultPartner, ...settings.routes.values()]);
  const partners = new Map<PrintPartnerName, PrintPartner>();
  let sandbox: ReturnType<typeof createSandboxPartner> | undefined;
  if (named.has('sandbox')) {
    const clientKey = 'photobook-sandbox';
    sandbox = createSandboxPartner(SANDBOX_PREFIX, {
      clientKey, clientSecret: settings.sandbox.secret, stepMs: settings.sandbox.stepMs, pageRange: SANDBOX_PAGE_RANGE,
      webhookUrl: `${config.publicBaseUrl}/api/print-partner/sandbox/webhook/`,
    });
    partners.set('sandbox', createLuluPartner('sandbox', {
      url: `${config.publicBaseUrl}${SANDBOX_PREFIX}`, clientKey, clientSecret: settings.sandbox.secret, timeoutMs: 15_000,
    }));
  }
  if (named.has('lulu') && settings.lulu) partners.set('lulu', createLuluPartner('lulu', settings.lulu));
  const signer = createUrlSigner(config.jwtSecret, 'print file download');
  const service = createPrintPartnerService({
    ...deps, config: settings, partners,
    fileLink: (orderSetId, fileId) => {
      const path = downloadPath(orderSetId, fileId);
      return `${config.publicBaseUrl}${path}?${signer.sign(path, PARTNER_LINK_SECONDS)}`;
    },
  });
  return {
    service,
    sandbox,
    holdFor: (more: { orders: OrdersService; orderAdmin: OrderAdminService; refunds: Refunds }) => createPrintHold({ db: deps.db, ...more }),
  };
}

export type PrintPartnerParts = ReturnType<typeof createPrintPartnerParts>;
