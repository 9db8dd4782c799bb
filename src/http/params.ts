// Path parameters: a value that cannot name anything is a 404, as a typed URL pattern would make it.
import { notFound } from './errors';

/** Path ids are positive integers. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) throw notFound();
  return Number(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidParam(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw notFound();
  return value.toLowerCase();
}
