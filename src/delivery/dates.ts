// Delivery dates as the aggregator writes them (DD.MM.YYYY), counted in days from today in Moscow, where the shop
// and the aggregator are: a quote made at 01:00 Moscow time (22:00 UTC the day before) already counts from that day.

const DAY_MS = 24 * 3600 * 1000;
// Moscow has kept UTC+3 all year since 2014.
const MOSCOW_OFFSET_MS = 3 * 3600 * 1000;
const AGGREGATOR_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** Midnight UTC of the Moscow calendar day of the instant, as a day number. */
const moscowDay = (instant: Date) => Math.floor((instant.getTime() + MOSCOW_OFFSET_MS) / DAY_MS);

/** The Moscow date that many days after now, as DD.MM.YYYY. */
export function dateAfterDays(now: Date, days: number): string {
  const date = new Date((moscowDay(now) + days) * DAY_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(date.getUTCDate())}.${two(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** A real calendar date written DD.MM.YYYY (31.02.2024 is not one). */
export function isAggregatorDate(text: unknown): text is string {
  const match = typeof text === 'string' ? AGGREGATOR_DATE.exec(text) : null;
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1])));
  return date.getUTCDate() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1;
}

/** Days from the Moscow today to a DD.MM.YYYY date (0 for a date already past). */
export function daysUntil(text: string, now: Date): number {
  const [day, month, year] = text.split('.').map(Number);
  return Math.max(0, Date.UTC(year, month - 1, day) / DAY_MS - moscowDay(now));
}
