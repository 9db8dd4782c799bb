// Autofill's plan, as pure functions of the photos, the pages and the schemes (layout/autofill applies it): the
// photos in order, near-duplicates dropped, split into events at large time gaps, spread over the pages (an event
// starting on a new spread where there is room), each page's scheme chosen so that its slots match the photos'
// orientations. Deterministic: the same inputs give the same plan.
import type { TemplateSlot } from '../../shared/layout-document';
import type { PhotoLook } from '../../shared/photo-look';

/** Consecutive photos taken further apart than this start a new event. */
export const EVENT_GAP_MS = 4 * 3600_000;
/** `pages: fit` plans this many photos a page (then rounds the pages up to whole spreads). */
export const FIT_PHOTOS_PER_PAGE = 2;

export interface FillPhoto {
  id: number;
  width: number;
  height: number;
  /** The capture instant (ms since the epoch), null when the photo has none. */
  capturedAt: number | null;
  duplicateGroup: number | null;
  /** What processing saw in it (shots.ts chooses among shots of one moment by it); null when not analysed. */
  look?: PhotoLook | null;
}

export interface FillScheme {
  id: number;
  slots: TemplateSlot[];
}

export type LeftOutReason = 'duplicate' | 'burst' | 'blurred' | 'eyes_closed' | 'no_slot' | 'not_ready';

export interface PlannedPage {
  scheme: FillScheme;
  /** The photos for the scheme's photo slots, in slot order (null: the slot stays empty). */
  photos: (FillPhoto | null)[];
  /** Slots whose photo has the other orientation (a landscape photo in a portrait slot, or the reverse). */
  mismatches: number;
}

type Orientation = 'landscape' | 'portrait' | 'square';

const orientationOf = (width: number, height: number): Orientation =>
  (width > height * 1.05 ? 'landscape' : height > width * 1.05 ? 'portrait' : 'square');
const clash = (a: Orientation, b: Orientation) => a !== b && a !== 'square' && b !== 'square';

/**
 * capture_time: by instant, and a photo without one keeps its place in the upload order (ids ascending) while the
 * others are sorted around it; given: as given.
 */
export function orderPhotos(photos: FillPhoto[], order: 'capture_time' | 'given'): FillPhoto[] {
  if (order === 'given') return [...photos];
  const uploaded = [...photos].sort((a, b) => a.id - b.id);
  const timed = uploaded.filter((photo) => photo.capturedAt !== null)
    .sort((a, b) => a.capturedAt! - b.capturedAt! || a.id - b.id);
  let next = 0;
  return uploaded.map((photo) => (photo.capturedAt === null ? photo : timed[next++]));
}

/** The first photo of each near-duplicate group; the rest left out. */
export function dropNearDuplicates(photos: FillPhoto[]): { kept: FillPhoto[]; duplicates: FillPhoto[] } {
  const seen = new Set<number>();
  const kept: FillPhoto[] = [];
  const duplicates: FillPhoto[] = [];
  for (const photo of photos) {
    const group = photo.duplicateGroup ?? -photo.id;
    if (seen.has(group)) duplicates.push(photo);
    else {
      seen.add(group);
      kept.push(photo);
    }
  }
  return { kept, duplicates };
}

/** A gap this long starts a new event when it is also EVENT_GAP_FACTOR times the typical gap between photos. */
export const SHORT_EVENT_GAP_MS = 3600_000;
export const EVENT_GAP_FACTOR = 10;

/**
 * Events: a new one where two consecutive timed photos are more than EVENT_GAP_MS apart, or more than
 * SHORT_EVENT_GAP_MS and EVENT_GAP_FACTOR times the median gap between consecutive photos (a morning, an afternoon
 * and an evening of one day, each shot minutes apart, are three events).
 */
export function splitEvents(photos: FillPhoto[]): FillPhoto[][] {
  const times = photos.flatMap((photo) => (photo.capturedAt === null ? [] : [photo.capturedAt]));
  const gaps = times.slice(1).map((time, index) => time - times[index]).sort((a, b) => a - b);
  const median = gaps.length === 0 ? 0 : gaps[Math.floor(gaps.length / 2)];
  const threshold = Math.min(EVENT_GAP_MS, Math.max(SHORT_EVENT_GAP_MS, median * EVENT_GAP_FACTOR));
  const events: FillPhoto[][] = [];
  let lastTime: number | null = null;
  for (const photo of photos) {
    const gap = photo.capturedAt !== null && lastTime !== null && photo.capturedAt - lastTime > threshold;
    if (events.length === 0 || gap) events.push([]);
    events[events.length - 1].push(photo);
    if (photo.capturedAt !== null) lastTime = photo.capturedAt;
  }
  return events;
}

/** `pages: fit`: the interior pages the photos need from the first refilled page on, in whole spreads per event. */
export function pagesToFit(events: FillPhoto[][]): number {
  return events.reduce((sum, event) => sum + 2 * Math.ceil(event.length / (2 * FIT_PHOTOS_PER_PAGE)), 0);
}

/** Splits `total` into parts proportional to weights, each at least `least`, by largest remainder (ties: earlier first). */
function apportion(total: number, weights: number[], least: number): number[] {
  const parts = weights.map(() => least);
  const rest = total - least * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => (rest * weight) / sum);
  shares.forEach((share, index) => { parts[index] += Math.floor(share); });
  const order = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let left = total - parts.reduce((a, b) => a + b, 0), at = 0; left > 0; left -= 1, at += 1) parts[order[at % order.length].index] += 1;
  return parts;
}

/**
 * The photos of each page. Events get whole spreads when the first page starts a spread and every event can have
 * one; else whole pages when every event can have one; otherwise the photos run on over the pages. Within a run, the photos are spread evenly over its pages.
 */
export function photosPerPage(events: FillPhoto[][], pages: number, startsSpread: boolean): FillPhoto[][] {
  const runs: { photos: FillPhoto[]; pages: number }[] = [];
  if (events.length > 1 && startsSpread && pages >= 2 * events.length) {
    const spreads = apportion(Math.floor(pages / 2), events.map((event) => event.length), 1);
    events.forEach((event, index) => runs.push({ photos: event, pages: 2 * spreads[index] }));
    runs[runs.length - 1].pages += pages % 2;
  } else if (events.length > 1 && pages >= events.length) {
    // Too few pages for a spread each: every event still gets pages of its own, never sharing one with another.
    const parts = apportion(pages, events.map((event) => event.length), 1);
    events.forEach((event, index) => runs.push({ photos: event, pages: parts[index] }));
  } else {
    runs.push({ photos: events.flat(), pages });
  }
  return runs.flatMap((run) => {
    const base = Math.floor(run.photos.length / run.pages);
    const extra = run.photos.length % run.pages;
    let at = 0;
    return Array.from({ length: run.pages }, (_, index) => {
      const count = base + (index < extra ? 1 : 0);
      const photos = run.photos.slice(at, at + count);
      at += count;
      return photos;
    });
  });
}

const photoSlots = (scheme: FillScheme) => scheme.slots.filter((slot) => slot.kind === 'photo');

/** Photos to the scheme's photo slots: each slot takes the first photo left of its orientation, else the first left. */
export function assignSlots(scheme: FillScheme, photos: FillPhoto[], pageMm: { width: number; height: number }): PlannedPage {
  const left = [...photos];
  let mismatches = 0;
  const assigned = photoSlots(scheme).map((slot) => {
    const slotOrientation = orientationOf(slot.w * pageMm.width, slot.h * pageMm.height);
    const index = left.findIndex((photo) => !clash(orientationOf(photo.width, photo.height), slotOrientation));
    const [photo] = left.splice(index >= 0 ? index : 0, 1);
    if (photo && clash(orientationOf(photo.width, photo.height), slotOrientation)) mismatches += 1;
    return photo ?? null;
  });
  return { scheme, photos: assigned, mismatches };
}

/**
 * The scheme for a page of these photos: one with exactly as many photo slots if there is one, else the fewest
 * above, else the most; among those, the fewest orientation mismatches; among equals, a different one from page to
 * page (by the page's index), so that a book is not one scheme throughout.
 */
export function chooseScheme(schemes: FillScheme[], photos: FillPhoto[], pageMm: { width: number; height: number }, pageIndex: number): PlannedPage {
  const counts = [...new Set(schemes.map((scheme) => photoSlots(scheme).length))].sort((a, b) => a - b);
  const wanted = photos.length;
  const count = counts.includes(wanted) ? wanted : counts.find((candidate) => candidate > wanted) ?? counts[counts.length - 1];
  const plans = schemes.filter((scheme) => photoSlots(scheme).length === count).sort((a, b) => a.id - b.id)
    .map((scheme) => assignSlots(scheme, photos, pageMm));
  const best = Math.min(...plans.map((plan) => plan.mismatches));
  const equals = plans.filter((plan) => plan.mismatches === best);
  return equals[pageIndex % equals.length];
}
