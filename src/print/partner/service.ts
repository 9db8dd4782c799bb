// Paid books to the print partner and back: after the hold each book is a print job at the partner its format is
// routed to, with its files' signed links; the partner's reports (webhooks, or answers to the poll) are applied once
// and in order, and move the order set (IN_PRODUCTION, SHIPPED) with the mails that exist; an administrator re-sends
// a rejected book.
import type { Logger } from 'pino';
import { pollPrintPartner } from '../../jobs/poll-print-partner';
import { sendOrderStatusEmail } from '../../jobs/send-order-status-email';
import { sendToPrintPartner } from '../../jobs/send-to-print-partner';
import type { PrintPartnerConfig, PrintPartnerName } from '../../config';
import type { Database, Transaction } from '../../db/database';
import type { Queue } from '../../queue/queue';
import { conflict, invalid, notFound } from '../../shared/errors';
import { VendorError } from '../../util/vendor-http';
import { partnerRouteOf } from '../print-geometry';
import type { PrintService } from '../service';
import { luluPackageOf } from '../lulu-rules';
import type { PrintPartner } from './partner';
import { FINAL_STATUSES, printJobOf, type RemotePrintJob, WEBHOOK_TOPIC } from './protocol';
import { createPartnerRepository, type PartnerJobRow } from './repository';
import { shippingAddressOf } from './shipping';

/** Jobs asked about per poll run. */
const POLL_BATCH = 50;
/** A report whose status changed this far in the future (the partner's clock ahead of ours) is still taken. */
const FUTURE_SKEW_MS = 5 * 60_000;

export type WebhookOutcome = 'applied' | 'unchanged' | 'ignored';

export class WebhookRefusal extends Error {
  constructor(readonly status: 400 | 401, message: string) {
    super(message);
  }
}

export function createPrintPartnerService(deps: {
  db: Database; queue: Queue; log: Logger; config: PrintPartnerConfig; partners: ReadonlyMap<PrintPartnerName, PrintPartner>;
  print: PrintService;
  /** A link the partner fetches a print file by, signed for as long as it may take to. */
  fileLink: (orderSetId: number, fileId: number) => string;
}) {
  const { db, queue, log, config, partners } = deps;
  const repository = createPartnerRepository(db.sql);
  const partnerOf = (name: string) => partners.get(name as PrintPartnerName);
  /** The partner a format goes to; null: none (production without PRINT_PARTNER, a format no route names). */
  const routeOf = (formatId: number | null) => partnerRouteOf(config, formatId);
  const anyPartner = config.defaultPartner !== null || [...config.routes.values()].some((partner) => partner !== null);

  /** Moves the locked set forward as its books' latest jobs make it; each move recorded and mailed once. */
  async function followBooks(tx: Transaction, orderSetId: number): Promise<void> {
    const repo = createPartnerRepository(tx.sql);
    const set = await repo.lockSet(orderSetId);
    if (!set || !['PAID', 'IN_PRODUCTION'].includes(set.status)) return;
    const jobs = await repo.latest([orderSetId]);
    if (jobs.length === 0 || jobs.length < (await repo.bookCount(orderSetId))) return;
    const shipped = jobs.every((job) => job.status === 'SHIPPED');
    const producing = jobs.every((job) => job.status === 'IN_PRODUCTION' || job.status === 'SHIPPED');
    const target = shipped ? 'SHIPPED' : producing ? 'IN_PRODUCTION' : undefined;
    if (!target || target === set.status) return;
    const tracking = shipped ? [...new Set(jobs.map((job) => job.trackingId).filter(Boolean))].join(', ') || null : null;
    const historyId = await repo.move(orderSetId, set.status, target, tracking);
    await queue.enqueue(tx, sendOrderStatusEmail, { historyId });
  }

  /** Applies what a partner says of one of its jobs: only when newer than what is recorded. */
  async function apply(partner: string, remote: RemotePrintJob): Promise<WebhookOutcome> {
    return db.transaction(async (tx) => {
      const orderSetId = await createPartnerRepository(tx.sql).applyNewer(partner, remote);
      if (orderSetId === undefined) return 'unchanged';
      if (remote.status === 'REJECTED') log.warn({ orderSetId, partner, job: remote.id, reasons: remote.messages }, 'print job rejected by the partner');
      await followBooks(tx, orderSetId);
      return 'applied';
    });
  }

  async function createAtPartner(job: PartnerJobRow, files: Map<string, number>, book: { title: string; quantity: number; podPackageId: string }, recipient: NonNullable<Awaited<ReturnType<typeof repository.recipient>>>) {
    const partner = partnerOf(job.partner);
    if (!partner) throw new Error(`print partner "${job.partner}" is not configured`);
    const cover = files.get(`${job.layoutId}/cover`);
    const interior = files.get(`${job.layoutId}/interior`);
    if (cover === undefined || interior === undefined) throw new Error(`order ${job.orderId} has no print files to send`);
    // A job already made for this attempt (its create's answer lost) is taken, not made again.
    const remote = await partner.findByExternalId(job.externalId) ?? await partner.create({
      externalId: job.externalId, title: book.title, podPackageId: book.podPackageId, quantity: book.quantity,
      coverUrl: deps.fileLink(job.orderSetId, cover), interiorUrl: deps.fileLink(job.orderSetId, interior),
      shippingAddress: shippingAddressOf(recipient.option, recipient.email), shippingLevel: config.shippingLevel,
      contactEmail: recipient.email ?? 'orders@photobook.invalid',
    });
    await repository.markCreated(job.id, remote.id);
    await apply(partner.name, remote);
  }

  return {
    /** In the transaction that marks the set paid: the hold starts, and the send waits for its end. */
    async holdAfterPayment(tx: Transaction, orderSetId: number): Promise<void> {
      if (!anyPartner) return;
      await createPartnerRepository(tx.sql).startHold(orderSetId, config.holdMinutes);
      await queue.enqueue(tx, sendToPrintPartner, { orderSetId }, { startAfterSeconds: config.holdMinutes * 60 });
    },

    /**
     * Sends the set's books that are not yet at a partner. Each attempt is claimed (committed) before the partner is
     * called, under the set's lock, where a cancel or take-back inside the hold is refused once anything is claimed.
     */
    async sendOrderSet(orderSetId: number): Promise<{ sent: number } | { skipped: string }> {
      const state = await db.transaction(async (tx) => {
        const set = await createPartnerRepository(tx.sql).lockSet(orderSetId);
        if (!set) return 'the order set is gone';
        if (!['PAID', 'IN_PRODUCTION'].includes(set.status) || set.refundRequested) return `the order set is ${set.status}`;
        if (!set.holdOver) return 'early';
        return undefined;
      });
      if (state === 'early') {
        // Only a hold lengthened after the job was enqueued: wait for its new end.
        const set = await db.transaction((tx) => createPartnerRepository(tx.sql).lockSet(orderSetId));
        const seconds = Math.max(1, Math.ceil(((set?.holdUntil?.getTime() ?? Date.now()) - Date.now()) / 1000));
        await db.transaction((tx) => queue.enqueue(tx, sendToPrintPartner, { orderSetId }, { startAfterSeconds: seconds }));
        return { skipped: 'the hold is not over' };
      }
      if (state) return { skipped: state };
      let files = await repository.files(orderSetId);
      if (files.size === 0) {
        await deps.print.renderOrderSet(orderSetId);
        files = await repository.files(orderSetId);
      }
      const books = await repository.unsentBooks(orderSetId);
      const packages = new Map(books.map((book) => [book.orderId, { ...book, podPackageId: luluPackageOf(book.widthCm, book.heightCm, book.hardCover) }]));
      await db.transaction(async (tx) => {
        const repo = createPartnerRepository(tx.sql);
        const set = await repo.lockSet(orderSetId);
        if (!set || !['PAID', 'IN_PRODUCTION'].includes(set.status) || set.refundRequested) return;
        for (const book of books) {
          const partner = routeOf(book.formatId);
          if (partner) await repo.claim({ orderSetId, orderId: book.orderId, layoutId: book.layoutId, attempt: 1, partner });
        }
      });
      return this.sendClaimed(orderSetId, packages);
    },

    /** Calls the partner for each claimed attempt of the set; the first failure fails the job (retried). */
    async sendClaimed(orderSetId: number, known = new Map<number, { title: string; quantity: number; podPackageId: string }>()): Promise<{ sent: number }> {
      const recipient = (await repository.recipient(orderSetId))!;
      const files = await repository.files(orderSetId);
      let sent = 0;
      for (const job of await repository.sending(orderSetId)) {
        const book = known.get(job.orderId) ?? (await this.bookOf(orderSetId, job.orderId));
        await createAtPartner(job, files, book, recipient);
        sent += 1;
      }
      return { sent };
    },

    /** What the partner is told of one book of the set: its title, copies and package. */
    async bookOf(orderSetId: number, orderId: number) {
      const book = await repository.book(orderSetId, orderId);
      if (!book) throw new Error(`order ${orderId} is not in order set ${orderSetId}`);
      return { title: book.title, quantity: book.quantity, podPackageId: luluPackageOf(book.widthCm, book.heightCm, book.hardCover) };
    },

    /**
     * An administrator's re-send of a rejected (or partner-canceled) book after a fix: its print files are made
     * again from the book as it is now, and a new attempt is claimed for the partner its format is routed to and
     * handed to the send job in the same transaction. The job calls the partner: a failure there is retried (and a
     * create whose answer was lost found) as for any send, never a stuck attempt no second re-send may replace.
     */
    async resend(orderSetId: number, orderId: number): Promise<void> {
      const [latest] = (await repository.latest([orderSetId])).filter((job) => job.orderId === orderId);
      if (!latest) throw notFound();
      if (latest.status !== 'REJECTED' && latest.status !== 'CANCELED') {
        throw conflict(`The book's print job is ${latest.status}: only a REJECTED or CANCELED one is sent again.`, { extra: { status: latest.status } });
      }
      await deps.print.renderOrderSet(orderSetId);
      const formatId = (await repository.book(orderSetId, orderId))?.formatId ?? null;
      await db.transaction(async (tx) => {
        const repo = createPartnerRepository(tx.sql);
        const set = await repo.lockSet(orderSetId);
        if (!set || !['PAID', 'IN_PRODUCTION'].includes(set.status)) throw invalid({ non_field_errors: [`The order set is ${set?.status}.`] });
        await repo.claim({ orderSetId, orderId, layoutId: latest.layoutId, attempt: latest.attempt + 1, partner: routeOf(formatId) ?? latest.partner });
        await queue.enqueue(tx, sendToPrintPartner, { orderSetId });
      });
    },

    /**
     * A webhook of the named partner: its signature over the raw body, then the report's time (a replay of an old
     * one is refused), then applied once and in order. An unknown job or topic is acknowledged and ignored, so that
     * the partner does not deactivate the subscription.
     */
    async webhook(partnerName: string, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const partner = partnerOf(partnerName);
      if (!partner) throw notFound();
      if (!partner.signed(rawBody, signature)) throw new WebhookRefusal(401, 'The signature does not match the body.');
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRefusal(400, 'The body is not JSON.');
      }
      const envelope = body as { topic?: unknown; data?: unknown };
      if (envelope?.topic !== WEBHOOK_TOPIC) return 'ignored';
      const remote = printJobOf(envelope.data);
      if (!remote) throw new WebhookRefusal(400, 'data is not a print job.');
      const age = Date.now() - remote.changed.getTime();
      if (age > config.webhookMaxAgeHours * 3600_000 || age < -FUTURE_SKEW_MS) {
        throw new WebhookRefusal(400, `The status changed at ${remote.changed.toISOString()}: outside the accepted window.`);
      }
      return apply(partner.name, remote);
    },

    /** Asks the partners about jobs not heard of for a while and applies the answers as webhooks. */
    async poll(minutes = config.pollAfterMinutes): Promise<Record<WebhookOutcome | 'asked' | 'failed', number>> {
      const report = { asked: 0, applied: 0, unchanged: 0, ignored: 0, failed: 0 };
      for (const job of await repository.quiet(minutes, POLL_BATCH)) {
        const partner = partnerOf(job.partner);
        try {
          const remote = partner && (await partner.fetch(job.partnerJobId!));
          report.asked += 1;
          report[remote ? await apply(job.partner, remote) : 'ignored'] += 1;
          await repository.touch(job.id);
        } catch (error) {
          if (!(error instanceof VendorError)) throw error;
          log.warn({ err: error, job: job.id }, 'print partner poll: the partner could not be asked; the next run asks again');
          report.failed += 1;
        }
      }
      if (report.asked + report.failed > 0) log.info({ job: pollPrintPartner.name, report }, 'quiet print jobs asked of their partner');
      return report;
    },

    /** The latest partner job of each book of these sets (the orders' reads). */
    jobsOf: (orderSetIds: number[]) => repository.latest(orderSetIds),

    finalStatuses: FINAL_STATUSES,
  };
}

export type PrintPartnerService = ReturnType<typeof createPrintPartnerService>;
