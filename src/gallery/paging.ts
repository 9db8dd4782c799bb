// The gallery's paging rules, as Django REST framework's page number pagination behaved.
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
