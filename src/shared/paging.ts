// Page number paging as Django REST framework's behaved (the gallery's rules first), used by every paged list.
import { notFound } from './errors';
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 30;

/** Over 30 is served as 30; missing, zero, negative or not a number means the default. */
export function pageSizeOf(raw: string | string[] | undefined): number {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined || !/^\d+$/.test(value)) return DEFAULT_PAGE_SIZE;
  const size = Number(value);
  if (size === 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

export function lastPageOf(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The page asked for, or undefined for "Invalid page." (not a positive integer or "last", or past the last). */
export function pageNumberOf(raw: string | string[] | undefined, count: number, pageSize: number): number | undefined {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const last = lastPageOf(count, pageSize);
  if (value === undefined || value === '') return 1;
  if (value === 'last') return last;
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 && page <= last ? page : undefined;
}

export interface Paged<T> {
  count: number;
  next: number | null;
  previous: number | null;
  results: T[];
}

/** Django REST framework's answer to a page that is not a positive integer or "last", or past the last (404). */
export const invalidPage = () => notFound('Invalid page.');

/** A page of any list, by the gallery's rules; not found ("Invalid page.") past the last. fetch reads limit rows from offset. */
export async function pageOfList<T>(
  count: number, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined,
  fetch: (limit: number, offset: number) => Promise<T[]>,
): Promise<Paged<T>> {
  const pageSize = pageSizeOf(rawPageSize);
  const page = pageNumberOf(rawPage, count, pageSize);
  if (page === undefined) throw invalidPage();
  const last = lastPageOf(count, pageSize);
  return {
    count, next: page < last ? page + 1 : null, previous: page > 1 ? page - 1 : null,
    results: await fetch(pageSize, (page - 1) * pageSize),
  };
}
