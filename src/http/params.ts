// Path parameters. An id that is not one names nothing: 404, as a typed URL pattern would answer.
import { notFound } from './errors';

/** A positive integer id (up to 9 digits, inside PostgreSQL's integer). */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) throw notFound();
  return Number(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAYOUT_HASH = /^[0-9a-f]{16}$/i;

/** A UUID, lower-cased as the database compares it. */
export function uuidParam(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

/** A layout named by its id or by its hash (the editor's URL), lower-cased. */
export function layoutRefParam(value: string | undefined): { id: string } | { hash: string } {
  if (value && LAYOUT_HASH.test(value)) return { hash: value.toLowerCase() };
  return { id: uuidParam(value) };
}
