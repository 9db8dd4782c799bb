// When an order set is paid: each ordered layout as print-ready PDFs (interior and cover) in the private file area,
// recorded in print_files. Enqueued in the transaction that marks the set PAID; a retry writes the same file names
// and replaces the rows, so a set never has two files of one part of one layout.
import { loadDrawableLayout, mediaImageReader } from '../src/layouts/drawing';
import { createLayoutsRepository } from '../src/layouts/repository';
import { renderLayoutForPrint, type PrintWarning } from '../src/print/render-layout';
import { type NewPrintFile, orderedLayouts, printFileKey, recordPrintFiles } from '../src/print/repository';
import { defineJob } from './job-context';
import { renderPrintFiles as contract } from './contracts/render-print-files';

export const renderPrintFiles = defineJob(contract, async ({ orderSetId }, { db, media, privateFiles, printDpi, log }) => {
  const layoutIds = await orderedLayouts(db.sql, orderSetId);
  if (!layoutIds) return log.warn({ orderSetId }, 'render-print-files: the order set is gone');
  const layouts = createLayoutsRepository(db.sql);
  const readImage = mediaImageReader(media);
  const files: NewPrintFile[] = [];
  const warnings: (PrintWarning & { layout: string })[] = [];
  for (const layoutId of layoutIds) {
    const layout = await layouts.find(layoutId);
    const drawable = layout && (await loadDrawableLayout(layouts, layout));
    if (!drawable || drawable.pages.length === 0) {
      // A retry cannot draw pages that are not there: said loudly, but no retries.
      log.error({ orderSetId, layoutId }, 'render-print-files: the layout has no pages or no format to print');
      warnings.push({ layout: layoutId, page: 0, kind: 'nothing-to-print', message: 'the layout has no pages or no format: nothing printed' });
      continue;
    }
    const print = await renderLayoutForPrint(drawable, readImage, printDpi);
    warnings.push(...print.warnings.map((warning) => ({ layout: layoutId, ...warning })));
    for (const part of print.parts.filter((candidate) => candidate.pageCount > 0)) {
      const storageKey = printFileKey(orderSetId, layoutId, part.part);
      await privateFiles.put(storageKey, part.pdf);
      files.push({
        layoutId, part: part.part, storageKey, sizeBytes: part.pdf.length, pageCount: part.pageCount,
        widthMm: part.widthMm, heightMm: part.heightMm, spineMm: part.spineMm,
        warnings: print.warnings.filter((warning) => (warning.page === 0) === (part.part === 'cover')),
      });
    }
  }
  await db.transaction((tx) => recordPrintFiles(tx.sql, orderSetId, files));
  if (warnings.length > 0) log.warn({ orderSetId, warnings }, 'print files rendered with warnings');
  log.info({ orderSetId, files: files.length }, 'print files rendered');
  return { order_set: orderSetId, files: files.map((file) => file.storageKey), warnings };
});
