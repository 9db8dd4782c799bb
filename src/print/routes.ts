// Print files for administrators: the list of an order set's files, and downloads by the admin token or by a signed,
// expiring link (for a printer's system or a browser that holds no token).
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireRole } from '../http/auth';
import { forbidden, notAuthenticated } from '../http/errors';
import { idParam } from '../http/params';
import { optionalUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { UrlSigner } from '../http/signed-url';
import type { PrintService } from './service';

/** How long a download link works: long enough to hand to a printer's upload, short enough to leak little. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;

export const downloadPath = (orderSetId: number, fileId: number) => `/api/admin/orderset/${orderSetId}/print/${fileId}/download/`;

export function printRoutes(deps: { print: PrintService; signer: UrlSigner; publicBaseUrl: string }): RouteModule {
  const { print, signer } = deps;
  const router = new Router();

  router.get('/api/admin/orderset/:id/print/', requireRole('admin'), async (ctx) => {
    const orderSetId = idParam(ctx.params.id);
    const recorded = await print.filesOfOrderSet(orderSetId);
    const { status } = recorded;
    const expires = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000).toISOString();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      order_set: orderSetId,
      status,
      files: recorded.files.map((file) => {
        const path = downloadPath(orderSetId, file.id);
        return {
          id: file.id, layout: file.layout_id, part: file.part, page_count: file.page_count, size: file.size_bytes,
          width_mm: file.width_mm, height_mm: file.height_mm, spine_mm: file.spine_mm,
          warnings: file.warnings.map((warning) => warning.message), rendered: file.rendered_at.toISOString(),
          download_url: `${deps.publicBaseUrl}${path}?${signer.sign(path, DOWNLOAD_LINK_SECONDS)}`, download_expires: expires,
        };
      }),
    };
  });

  router.get('/api/admin/orderset/:id/print/:file_id/download/', async (ctx: Context) => {
    const orderSetId = idParam(ctx.params.id);
    const fileId = idParam(ctx.params.file_id);
    const user = optionalUser(ctx);
    if (!signer.verify(downloadPath(orderSetId, fileId), ctx.query.expires, ctx.query.sig)) {
      if (!user) throw notAuthenticated();
      if (user.role !== 'admin') throw forbidden();
    }
    const { file, stored } = await print.openFileOfOrderSet(orderSetId, fileId);
    ctx.set({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    ctx.attachment(`orderset-${orderSetId}-${file.layout_id}-${file.part}.pdf`);
    ctx.type = 'application/pdf';
    ctx.length = stored.size;
    ctx.body = stored.body;
  });

  return { router, docs: PRINT_DOCS };
}

const tags = ['print files'];
const PRINT_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/admin/orderset/:id/print/', tags, auth: true, summary: 'An order set\'s print-ready PDFs (administrators)',
    description: 'Rendered by the render-print-files job when the set is paid: per ordered layout the interior and the cover spread. Each file has a download link signed for 15 minutes.',
    responses: {
      200: { description: 'The files (none yet before the job has run)', schema: 'print-file-list.json' },
      401: { description: 'Not logged in', schema: 'error-detail.json' },
      403: { description: 'Not an administrator', schema: 'error-detail.json' },
      404: { description: 'No such order set', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/admin/orderset/:id/print/:file_id/download/', tags, summary: 'Download a print file',
    description: 'With an administrator\'s token, or with the expires and sig of a download_url from the list (no token needed).',
    responses: {
      200: { description: 'The PDF', schema: null, contentType: 'application/pdf' },
      401: { description: 'No token and no valid, unexpired signature', schema: 'error-detail.json' },
      403: { description: 'A token that is not an administrator\'s, without a valid signature', schema: 'error-detail.json' },
      404: { description: 'No such file in this order set', schema: 'error-detail.json' },
      503: { description: 'The file storage cannot be reached right now (Retry-After)', schema: 'error-detail.json' },
    },
  },
];
