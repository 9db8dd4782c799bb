// Path parameters. An id that is not one names nothing: 404, as a typed URL pattern would answer.
import { notFound } from './errors';

/** A positive integer id (up to 9 digits, inside PostgreSQL's integer). */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) throw notFound();
  return Number(value);
}
