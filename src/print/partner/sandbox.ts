// The sandbox print partner: Lulu's Print API (the part the shop uses) served by this service under
// /print-partner/sandbox/, or by a test on a port of its own. It fetches a job's files through their signed links,
// checks them as Lulu does (sandbox-files.ts), walks the job's statuses on its own clock and reports each change by
// a signed PRINT_JOB_STATUS_CHANGED webhook. Its fault switches (PUT <prefix>/faults/) reject files, delay production,
// duplicate, reorder or drop webhooks, and lose a create's answer. Like Lulu it takes no idempotency key (each create
// makes a job) and finds jobs by their external_id (GET /print-jobs/?search=). Jobs live in this process's memory: a
// restart forgets them.
import { randomBytes, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { isObject } from '../../util/vendor-http';
import { type LuluBinding, parseLuluPackage } from '../lulu-rules';
import { type PrintJobStatus, signatureOf, SIGNATURE_HEADER, WEBHOOK_TOPIC } from './protocol';
import { checkPrintFiles } from './sandbox-files';

export interface SandboxFaults {
  /** Every job's files are rejected, with this reason. */
  reject: string | null;
  /** Extra ticks a job waits in PRODUCTION_DELAYED. */
  delay_steps: number;
  /** Each webhook is sent twice. */
  duplicate: boolean;
  /** Each webhook is held back and sent after the next one. */
  reorder: boolean;
  /** No webhook is sent (the shop must ask: GET /print-jobs/<id>/). */
  drop: boolean;
  /** The next this many creates make their job but lose the answer (502), as a cut connection would. */
  lose_answers: number;
}

const NO_FAULTS: SandboxFaults = { reject: null, delay_steps: 0, duplicate: false, reorder: false, drop: false, lose_answers: 0 };
const WALK: readonly PrintJobStatus[] = ['CREATED', 'PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED'];

interface SandboxJob {
  body: Record<string, unknown>;
  status: { name: PrintJobStatus; changed: string; messages: Record<string, unknown> };
  tracking: Record<string, unknown>;
  waited: number;
  /** The last report made of the job (sent or not). */
  reported?: string;
}

export interface SandboxPartnerOptions {
  clientKey: string;
  clientSecret: string;
  /** The time between two statuses of a job. */
  stepMs: number;
  /** Interior pages taken per binding; absent: Lulu's (print-geometry.ts says why the built-in sandbox differs). */
  pageRange?: Record<LuluBinding, { min: number; max: number }>;
  /** Where webhooks go until a subscription (POST <prefix>/webhooks/) names another place. */
  webhookUrl?: string;
}

export function createSandboxPartner(prefix: string, options: SandboxPartnerOptions) {
  const router = new Router({ prefix });
  const jobs = new Map<string, SandboxJob>();
  const tokens = new Set<string>();
  let faults: SandboxFaults = { ...NO_FAULTS };
  let webhookUrl = options.webhookUrl;
  let held: string | undefined;
  let lastChanged = 0;
  const timers = new Set<NodeJS.Timeout>();
  let sending: Promise<unknown> = Promise.resolve();

  const view = (id: string, job: SandboxJob) => ({
    ...job.body, id, status: job.status,
    line_items: (job.body.line_items as Record<string, unknown>[]).map((item) => ({
      ...item, status: { name: job.status.name, messages: job.tracking },
    })),
  });

  const post = (body: string) => {
    if (!webhookUrl) return;
    const url = webhookUrl;
    sending = sending.then(() => fetch(url, {
      method: 'POST', body, headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signatureOf(body, options.clientSecret) },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined));
  };

  /**
   * Sends the job's new status. Reordered: each report is held back and sent after the next one, and the last one
   * (SHIPPED, REJECTED) is followed by the one before it again, so an older status always arrives after a newer one.
   */
  function report(id: string, job: SandboxJob): void {
    const body = JSON.stringify({ topic: WEBHOOK_TOPIC, data: view(id, job) });
    const previous = job.reported;
    job.reported = body;
    if (faults.drop) return;
    const final = job.status.name === 'SHIPPED' || job.status.name === 'REJECTED';
    if (faults.reorder && !held && !final) {
      held = body;
      return;
    }
    for (let copy = 0; copy < (faults.duplicate ? 2 : 1); copy += 1) post(body);
    if (held) post(held);
    else if (faults.reorder && final && previous) post(previous);
    held = undefined;
  }

  function move(id: string, job: SandboxJob, name: PrintJobStatus, messages: Record<string, unknown> = {}): void {
    // Strictly later than any earlier change: two changes never share a time.
    lastChanged = Math.max(Date.now(), lastChanged + 1);
    job.status = { name, changed: new Date(lastChanged).toISOString(), messages };
    report(id, job);
  }

  const later = (work: () => Promise<void> | void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void Promise.resolve(work()).catch(() => undefined);
    }, options.stepMs);
    // The clock never keeps a process alive on its own.
    timer.unref();
    timers.add(timer);
  };

  async function tick(id: string, job: SandboxJob): Promise<void> {
    const current = job.status.name;
    if (current === 'CREATED') {
      const item = (job.body.line_items as Record<string, unknown>[])[0];
      const files = item.printable_normalization as { cover: { source_url: string }; interior: { source_url: string } };
      const pkg = parseLuluPackage(String(item.pod_package_id))!;
      const check = await checkPrintFiles(pkg, files.interior.source_url, files.cover.source_url, options.pageRange?.[pkg.binding]);
      const errors = faults.reject ? [...check.errors, faults.reject] : check.errors;
      if (errors.length > 0) return move(id, job, 'REJECTED', { error: errors, info: check.notes });
      move(id, job, 'PRODUCTION_DELAYED', { info: [...check.notes, 'the job waits before production'] });
    } else if (current === 'PRODUCTION_DELAYED' && job.waited < faults.delay_steps) {
      job.waited += 1;
    } else {
      const next = WALK[WALK.indexOf(current) + 1];
      if (next === 'SHIPPED') {
        const trackingId = `SBX${randomBytes(5).toString('hex').toUpperCase()}`;
        job.tracking = { tracking_id: trackingId, tracking_urls: [`https://tracking.example/${trackingId}`], carrier_name: 'Sandbox Post' };
      }
      move(id, job, next);
    }
    if (job.status.name !== 'SHIPPED' && job.status.name !== 'REJECTED') later(() => tick(id, job));
  }

  const authorized = (ctx: Context) => {
    const token = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    if (token && tokens.has(token)) return true;
    ctx.status = 401;
    ctx.body = { detail: 'Authentication credentials were not provided or are invalid.' };
    return false;
  };

  router.post('/auth/realms/glasstree/protocol/openid-connect/token', (ctx) => {
    const basic = `Basic ${Buffer.from(`${options.clientKey}:${options.clientSecret}`).toString('base64')}`;
    if (ctx.get('Authorization') !== basic) {
      ctx.status = 401;
      ctx.body = { error: 'unauthorized_client' };
      return;
    }
    const token = randomUUID();
    tokens.add(token);
    ctx.body = { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });

  router.post('/print-jobs/', (ctx) => {
    if (!authorized(ctx)) return;
    const body = ctx.request.body as unknown;
    const item = isObject(body) && Array.isArray(body.line_items) && body.line_items.length === 1 && isObject(body.line_items[0]) ? body.line_items[0] : undefined;
    const files = isObject(item?.printable_normalization) ? item.printable_normalization : {};
    const sourceOf = (part: unknown) => (isObject(part) && typeof part.source_url === 'string' ? part.source_url : undefined);
    if (!isObject(body) || typeof body.external_id !== 'string' || !item || !parseLuluPackage(String(item.pod_package_id))
      || !sourceOf(files.cover) || !sourceOf(files.interior) || !isObject(body.shipping_address) || typeof body.shipping_level !== 'string') {
      ctx.status = 400;
      ctx.body = { detail: 'a print job needs external_id, shipping_address, shipping_level and one line item with a known pod_package_id and cover and interior source_url' };
      return;
    }
    // Every create makes a job, a repeated external_id too (Lulu takes no idempotency key: a shop that lost an
    // answer looks for its job by external_id before it creates again).
    const id = String(jobs.size + 1000);
    const job: SandboxJob = { body, status: { name: 'CREATED', changed: '', messages: {} }, tracking: {}, waited: 0 };
    jobs.set(id, job);
    move(id, job, 'CREATED');
    later(() => tick(id, job));
    if (faults.lose_answers > 0) {
      faults.lose_answers -= 1;
      ctx.status = 502;
      ctx.body = { detail: 'Bad gateway.' };
      return;
    }
    ctx.status = 201;
    ctx.body = view(id, job);
  });

  // Lulu's list, newest first, paged; search matches ids and external ids (Lulu's also matches addresses, titles and
  // tracking ids, which the shop never searches by).
  router.get('/print-jobs/', (ctx) => {
    if (!authorized(ctx)) return;
    const search = typeof ctx.query.search === 'string' ? ctx.query.search.toLowerCase() : '';
    const found = [...jobs].reverse()
      .filter(([id, job]) => !search || id.toLowerCase().includes(search) || String(job.body.external_id).toLowerCase().includes(search));
    ctx.body = { count: found.length, next: null, previous: null, results: found.slice(0, 100).map(([id, job]) => view(id, job)) };
  });

  router.get('/print-jobs/:id/', (ctx) => {
    if (!authorized(ctx)) return;
    const job = jobs.get(ctx.params.id);
    ctx.status = job ? 200 : 404;
    ctx.body = job ? view(ctx.params.id, job) : { detail: 'Not found.' };
  });

  router.post('/webhooks/', (ctx) => {
    if (!authorized(ctx)) return;
    const body = ctx.request.body as unknown;
    if (!isObject(body) || typeof body.url !== 'string' || !Array.isArray(body.topics) || !body.topics.includes(WEBHOOK_TOPIC)) {
      ctx.status = 400;
      ctx.body = { detail: `a subscription needs url and topics [${WEBHOOK_TOPIC}]` };
      return;
    }
    webhookUrl = body.url;
    ctx.status = 201;
    ctx.body = { id: '1', url: body.url, topics: [WEBHOOK_TOPIC], is_active: true };
  });

  router.get('/faults/', (ctx) => {
    ctx.body = faults;
  });
  router.put('/faults/', (ctx) => {
    const body = ctx.request.body as unknown;
    if (!isObject(body)) {
      ctx.status = 400;
      ctx.body = { detail: 'a JSON object of fault switches' };
      return;
    }
    faults = {
      reject: typeof body.reject === 'string' && body.reject ? body.reject.slice(0, 500) : null,
      delay_steps: Number.isInteger(body.delay_steps) ? Math.min(1000, Math.max(0, Number(body.delay_steps))) : 0,
      duplicate: body.duplicate === true, reorder: body.reorder === true, drop: body.drop === true,
      lose_answers: Number.isInteger(body.lose_answers) ? Math.min(100, Math.max(0, Number(body.lose_answers))) : 0,
    };
    ctx.body = faults;
  });

  return {
    router,
    /** How many jobs the sandbox holds (a test's check that nothing was sent twice). */
    jobCount: () => jobs.size,
    /** Stops the clock: no job moves any more. */
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return sending;
    },
  };
}

export type SandboxPartner = ReturnType<typeof createSandboxPartner>;
