// Print files of a paid order set: each ordered layout as print-ready PDFs (interior and cover) in the private file
// area, recorded in print_files. Files are named by what they are, so a re-run writes over its own files and
// replaces the rows: a set never has two files of one part of one layout.
import { createReadStream } from 'node:fs';
import type { Logger } from 'pino';
import type { PrintPartnerConfig } from '../config';
import { renderPrintFiles } from '../jobs/render-print-files';
import type { Database } from '../db/database';
import { drawingSources } from '../layouts/drawing';
import type { LayoutsService } from '../layouts/service';
import type { MediaStorage, OpenedFile } from '../media/storage';
import { notFound } from '../shared/errors';
import type { Queue } from '../queue/queue';
import { partnerRouteOf, printGeometry } from './print-geometry';
import { type PrintPartName, type PrintWarning, renderLayoutForPrint } from './render-layout';
import { createPrintRepository, type NewPrintFile, type PrintFileRow } from './repository';

const printFileKey = (orderSetId: number, layoutId: string, part: PrintPartName) => `order-sets/${orderSetId}/${layoutId}-${part}.pdf`;

export class MissingPrintMasterError extends Error {}

/** What a run made, kept as the job's result for an operator: the files written and every warning. */
export interface PrintRun {
  order_set: number;
  files: string[];
  warnings: (PrintWarning & { layout: string })[];
}

/** Sets looked at per run of restartStranded. */
const STRANDED_BATCH = 1000;

export function createPrintService(deps: {
  db: Database; media: MediaStorage; privateFiles: MediaStorage; log: Logger; queue: Queue;
  /** Resolution of the images in print files (PRINT_DPI). */
  printDpi: number;
  /** Where each format is printed: its partner's file rules size the files (print-geometry.ts). */
  printPartner: PrintPartnerConfig;
  /** The layouts domain: each ordered layout with what drawing it needs. */
  layouts: Pick<LayoutsService, 'drawable'>;
}) {
  const { db, media, privateFiles, printDpi, log, queue } = deps;
  const repository = createPrintRepository(db.sql);

  return {
    /**
     * Gives a render-print-files job to each paid set without print files that no job rendered, waits for or failed
     * for good on (its job completed with nothing done by a fault); how many.
     */
    async restartStranded(): Promise<number> {
      let restarted = 0;
      for (const orderSetId of await repository.paidWithoutFiles(STRANDED_BATCH)) {
        restarted += await db.transaction(async (tx) => {
          if (await queue.isPending(tx.sql, renderPrintFiles, { orderSetId }, true)) return 0;
          await queue.enqueue(tx, renderPrintFiles, { orderSetId });
          return 1;
        });
      }
      return restarted;
    },

    /** Renders and records the set's print files; undefined when the set is gone. */
    async renderOrderSet(orderSetId: number): Promise<PrintRun | undefined> {
      const layoutIds = await repository.orderedLayouts(orderSetId);
      if (!layoutIds) {
        log.warn({ orderSetId }, 'render-print-files: the order set is gone');
        return undefined;
      }
      const drawing = drawingSources(media, privateFiles);
      // A master the order recorded and cannot find is a fault (deleted by mistake, or not yet stored back): the job
      // fails and is retried, then shows in /api/admin/jobs/ with this reason; never a print with an empty frame.
      const sources = {
        ...drawing,
        async readMaster(key: string) {
          const master = await drawing.readMaster(key);
          if (!master) throw new MissingPrintMasterError(`the print master "${key}" recorded for order set ${orderSetId} is missing`);
          return master;
        },
      };
      const files: NewPrintFile[] = [];
      const warnings: PrintRun['warnings'] = [];
      for (const layoutId of layoutIds) {
        // A confirmed book is frozen, and its photos' masters are those recorded at its confirmation (mastersOf).
        const drawable = await deps.layouts.drawable(layoutId);
        if (!drawable || drawable.pages.length === 0) {
          // A retry cannot draw pages that are not there: said loudly, but no retries.
          log.error({ orderSetId, layoutId }, 'render-print-files: the layout has no pages or no format to print');
          warnings.push({ layout: layoutId, page: 0, kind: 'nothing-to-print', message: 'the layout has no pages or no format: nothing printed' });
          continue;
        }
        const geometry = printGeometry(partnerRouteOf(deps.printPartner, drawable.layout.formatId), {
          format: drawable.format, hardCover: drawable.layout.coverType !== 'SOFT_COVER', interiorPages: drawable.interiorPages,
        });
        const print = await renderLayoutForPrint(drawable, sources, printDpi, geometry);
        warnings.push(...print.warnings.map((warning) => ({ layout: layoutId, ...warning })));
        try {
          for (const part of print.parts.filter((candidate) => candidate.pageCount > 0)) {
            const storageKey = printFileKey(orderSetId, layoutId, part.part);
            // Streamed from the rendered file: a 200-page book's PDF is never whole in memory.
            await privateFiles.put(storageKey, createReadStream(part.file));
            files.push({
              layoutId, part: part.part, storageKey, sizeBytes: part.sizeBytes, pageCount: part.pageCount,
              widthMm: part.widthMm, heightMm: part.heightMm, spineMm: part.spineMm,
              warnings: print.warnings.filter((warning) => (warning.page === 0) === (part.part === 'cover')),
            });
          }
        } finally {
          await print.release();
        }
      }
      await db.transaction((tx) => createPrintRepository(tx.sql).record(orderSetId, files));
      if (warnings.length > 0) log.warn({ orderSetId, warnings }, 'print files rendered with warnings');
      log.info({ orderSetId, files: files.length }, 'print files rendered');
      return { order_set: orderSetId, files: files.map((file) => file.storageKey), warnings };
    },

    /** The set's status and its recorded files; not found when there is no such set. */
    async filesOfOrderSet(orderSetId: number): Promise<{ status: string; files: PrintFileRow[] }> {
      const status = await repository.orderSetStatus(orderSetId);
      if (!status) throw notFound();
      return { status, files: await repository.filesOf(orderSetId) };
    },

    /**
     * One recorded file of that set, opened from storage (a link for one set never opens another set's file); not
     * found when the set has no such file or storage has lost it.
     */
    async openFileOfOrderSet(orderSetId: number, fileId: number): Promise<{ file: PrintFileRow; stored: OpenedFile }> {
      const file = await repository.file(fileId);
      // Streamed from whichever storage holds it: a book's PDF can be large. An outage of the storage is a 503.
      const stored = file?.storage_key.startsWith(`order-sets/${orderSetId}/`) ? await privateFiles.open(file.storage_key) : undefined;
      if (!file || !stored) throw notFound();
      return { file, stored };
    },
  };
}

export type PrintService = ReturnType<typeof createPrintService>;
