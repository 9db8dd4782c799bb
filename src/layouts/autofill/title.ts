// An event's title (issue 51): the place most of its photos were taken in (offline, from their GPS: src/photos/analysis/
// place.ts) and its dates, in Russian as the shop speaks ("Сочи, 3–5 июля 2026"); none when no photo has a place.
import type { FillPhoto } from './plan';

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** The dates a span of days covers: "3 июля 2026", "3–5 июля 2026", "30 июня – 2 июля 2026", "30 декабря 2025 – 2 января 2026". */
export function dateSpan(first: Date, last: Date): string {
  const [d1, m1, y1] = [first.getUTCDate(), first.getUTCMonth(), first.getUTCFullYear()];
  const [d2, m2, y2] = [last.getUTCDate(), last.getUTCMonth(), last.getUTCFullYear()];
  if (y1 !== y2) return `${d1} ${MONTHS[m1]} ${y1} – ${d2} ${MONTHS[m2]} ${y2}`;
  if (m1 !== m2) return `${d1} ${MONTHS[m1]} – ${d2} ${MONTHS[m2]} ${y2}`;
  return d1 === d2 ? `${d1} ${MONTHS[m1]} ${y1}` : `${d1}–${d2} ${MONTHS[m1]} ${y1}`;
}

/**
 * The event's title: its most frequent place (the first in order among equals) and the dates of its timed photos
 * (capture times on the cameras' corrected timeline, read as the wall time they were taken at); null without a place.
 */
export function eventTitle(photos: FillPhoto[]): string | null {
  const counts = new Map<string, number>();
  for (const photo of photos) if (photo.look?.place) counts.set(photo.look.place, (counts.get(photo.look.place) ?? 0) + 1);
  let place: string | null = null;
  for (const [name, count] of counts) if (place === null || count > counts.get(place)!) place = name;
  if (place === null) return null;
  const times = photos.flatMap((photo) => (photo.capturedAt === null ? [] : [photo.capturedAt]));
  if (times.length === 0) return place;
  return `${place}, ${dateSpan(new Date(Math.min(...times)), new Date(Math.max(...times)))}`;
}
