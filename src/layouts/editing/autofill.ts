// layout/autofill: the book filled from its photos in one operation, keeping the pages before from_page as they are;
// one layout/undo puts the book back as it was. The plan is autofill/plan.ts; this applies it to the batch's state.
import { randomUUID } from 'node:crypto';
import { invalid, notFound } from '../../shared/errors';
import type { Block } from '../../shared/layout-document';
import { framedCrop } from '../../shared/face-framing';
import { foldBand } from '../../shared/fold-band';
import { effectiveDpi, printQuality } from '../../shared/photo-placement';
import { applyScheme } from '../blocks';
import { schemeFitsFormat } from '../builder';
import {
  chooseScheme, type FillPhoto, type LeftOutReason, orderPhotos, pagesToFit, photosPerPage, splitEvents,
} from '../autofill/plan';
import type { AutofillReport } from '../autofill/report';
import { chooseShots } from '../autofill/shots';
import { eventTitles } from '../autofill/titles';
import { blockMm, copiedBackgrounds, withPlacement } from './block-content';
import { currentPages } from './history';
import type { EditOperation, EditResult } from './messages';
import { countUse } from './set-scheme';
import type { BatchState, EditedLayout, EditedPage } from './state';
import { isBookPhoto } from './edit-access';

/** The photos placed on the pages before fromPage: the default leaves them where they are. */
function placedBefore(pages: EditedPage[], fromPage: number): Set<number> {
  return new Set(pages.filter((page) => page.num < fromPage)
    .flatMap((page) => page.blocks.flatMap((block) => (block.content.photo ? [block.content.photo.photo_id] : []))));
}

/** Adds or removes spreads at the end so that the book has `interior` interior pages. */
function resize(state: BatchState, layout: EditedLayout, pages: EditedPage[], interior: number): EditedPage[] {
  const current = pages.filter((page) => page.type === 'PAGE');
  const model = current[current.length - 1];
  const kept = current.slice(0, interior);
  for (const page of current.slice(interior)) {
    state.removedPages.add(page.id);
    layout.schemeThemeRel = countUse(layout.schemeThemeRel, page.templateId, -1);
  }
  const added = Array.from({ length: Math.max(0, interior - current.length) }, (_, index): EditedPage => ({
    ...model, id: randomUUID(), num: current.length + index + 1, changed: true, created: true,
    blocks: copiedBackgrounds(model),
  }));
  for (const page of added) {
    state.pages.set(page.id, page);
    layout.schemeThemeRel = countUse(layout.schemeThemeRel, page.templateId, 1);
  }
  layout.numPages += interior - current.length;
  return [...kept, ...added];
}

export const autofillLayout: EditOperation<'layout-autofill.json'> = {
  schemaId: 'layout-autofill.json',
  targets: ({ params, payload }) => ({ layoutId: params.layout_id, wholeLayout: true, photoList: true, allSchemes: true, photoIds: payload.photo_ids ?? [] }),
  apply(state, message): EditResult {
    const { from_page: fromPage = 1, order = 'capture_time', pages: pageMode = 'keep', skip_near_duplicates: skipDuplicates = true } = message.payload;
    const layout = state.layouts.get(message.params.layout_id)!;
    if (!layout.format) throw invalid({ payload: ['Autofill needs a book with a format.'] });
    const format = layout.format;
    const pageMm = { width: format.widthCm * 10, height: format.heightCm * 10 };
    const all = [...currentPages(state, layout.id).values()].sort((a, b) => a.num - b.num);
    const interiorBefore = all.filter((page) => page.type === 'PAGE').length;
    if (fromPage > interiorBefore) throw invalid({ payload: [`The book has ${interiorBefore} pages: from_page must be one of them.`] });

    // Everything that can refuse the message comes before anything changes (the batch's state is shared).
    const schemes = [...state.schemes.values()].filter((scheme) => schemeFitsFormat(scheme, format) && scheme.slots.some((slot) => slot.kind === 'photo'));
    if (schemes.length === 0) throw invalid({ payload: ['No page scheme fits this format.'] });
    // The owner's photos now: a book that changed hands, or lists a photo deleted since, does not place it.
    const usable = (id: number) => {
      const photo = state.photos.get(id);
      return photo && isBookPhoto(state, layout, photo) && !photo.deleted ? photo : undefined;
    };
    // The photos: those named (the owner's, joining the book's list), or the book's own not placed before from_page.
    for (const id of message.payload.photo_ids ?? []) if (!usable(id)) throw notFound(`Photo ${id} not found.`);
    const kept = placedBefore(all, fromPage);
    const wanted = message.payload.photo_ids ?? layout.photoIds.filter((id) => !kept.has(id) && usable(id));
    const added = wanted.filter((id) => !layout.photoIds.includes(id));
    if (added.length > 0) layout.photoIds = [...layout.photoIds, ...new Set(added)];
    const leftOut: { photo_id: number; reason: LeftOutReason }[] = [];
    const candidates: FillPhoto[] = [];
    for (const id of [...new Set(wanted)]) {
      const photo = usable(id)!;
      if (!photo.ready) leftOut.push({ photo_id: id, reason: 'not_ready' });
      else candidates.push({ id, width: photo.width, height: photo.height, capturedAt: photo.capturedAt, duplicateGroup: photo.duplicateGroup, look: photo.look });
    }
    const ordered = orderPhotos(candidates, order);
    // The best shot of each moment (near-duplicates and bursts: autofill/shots.ts), the others left out with why.
    const { kept: unique, leftOut: weaker } = skipDuplicates ? chooseShots(ordered) : { kept: ordered, leftOut: [] };
    leftOut.push(...weaker.map(({ photo, reason }) => ({ photo_id: photo.id, reason })));
    const events = splitEvents(unique);

    // The pages to fill: from from_page on, as many as there are, or as the photos need within the format's limits.
    let interior = all.filter((page) => page.type === 'PAGE');
    if (pageMode === 'fit') {
      const wantedPages = Math.max(fromPage - 1, (fromPage - 1) + pagesToFit(events));
      const target = Math.min(format.maxPages, Math.max(format.minPages, wantedPages + (wantedPages % 2)));
      interior = resize(state, layout, all, Math.max(target, fromPage - 1 + ((fromPage - 1) % 2)));
    }
    const refilled = interior.filter((page) => page.num >= fromPage);
    const perPage = refilled.length === 0 ? [] : photosPerPage(events, refilled.length, fromPage % 2 === 1);
    // Each event's title (place and dates, autofill/title.ts) goes in the first empty text block of its first page.
    const titles = eventTitles(events);

    let placedCount = 0;
    let mismatches = 0;
    const quality = { low: 0, cannot_print: 0 };
    refilled.forEach((page, index) => {
      const plan = chooseScheme(schemes, perPage[index], pageMm, page.num);
      const scheme = state.schemes.get(plan.scheme.id)!;
      mismatches += plan.mismatches;
      const placedHere = new Set(plan.photos.filter(Boolean).map((photo) => photo!.id));
      leftOut.push(...perPage[index].filter((photo) => !placedHere.has(photo.id)).map((photo) => ({ photo_id: photo.id, reason: 'no_slot' as const })));
      // Texts keep their place as page/set keeps them; photos are laid anew.
      const withoutPhotos = page.blocks.filter((block) => block.type !== 'PHOTO');
      const change = applyScheme(page.id, withoutPhotos, scheme.slots, layout.unplaced.filter((item) => item.type === 'TEXT' || item.page_id !== page.id));
      let slot = 0;
      const blocks = change.blocks.map((block): Block => {
        if (block.type !== 'PHOTO') return block;
        const photo = plan.photos[slot++];
        const size = blockMm(layout, block);
        if (!photo || !size) return block;
        const facts = state.photos.get(photo.id)!;
        const focus = facts.focusX === null || facts.focusY === null ? undefined : { x: facts.focusX, y: facts.focusY };
        const placed = withPlacement(block, { photo_id: photo.id, crop: framedCrop(facts, 0, size, focus, facts.look?.faces, foldBand(page.num, block, pageMm)), rotation: 0, mirror: false }, facts, size);
        const level = printQuality(effectiveDpi(facts, placed.content.photo!, size), state.printDpi);
        if (level !== 'good') quality[level] += 1;
        placedCount += 1;
        return placed;
      });
      titles.place(perPage[index], blocks);
      layout.unplaced = change.unplaced;
      layout.schemeThemeRel = countUse(countUse(layout.schemeThemeRel, page.templateId, -1), scheme.id, 1);
      Object.assign(page, { templateId: scheme.id, templateWidth: scheme.width, templateHeight: scheme.height, blocks, changed: true });
    });
    const report: AutofillReport = {
      pages_changed: refilled.map((page) => page.num), pages_before: interiorBefore, pages_after: interior.length,
      photos_placed: placedCount, photos_left_out: leftOut, mismatched_slots: mismatches, ...quality,
    };
    const removedPageIds = [...state.removedPages].filter((id) => all.some((page) => page.id === id));
    return { pages: refilled, removedPageIds, layout: true, autofill: report };
  },
};
