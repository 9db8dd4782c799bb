// The Range and If-Range request headers (RFC 9110, section 14), for one range of a file of known size.
import type { ByteRange, StoredFileFacts } from './storage';

export type RangeAnswer =
  /** No range (or one this service does not honour, such as several ranges): the whole file, 200. */
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  /** Syntactically fine, but no byte of it is in the file: 416. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** What a Range header asks of a file of `size` bytes. A malformed header is ignored, as the RFC allows. */
export function requestedRange(header: string | undefined, size: number): RangeAnswer {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(match[1]);
  const lastAsked = match[2] === '' ? Infinity : Number(match[2]);
  if (lastAsked < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(lastAsked, size - 1) } };
}

/**
 * Whether a range may be served under If-Range: its validator must still be the file's (an entity tag compared
 * strongly, or the exact Last-Modified date). Without the header, always.
 */
export function ifRangeHolds(header: string | undefined, facts: StoredFileFacts): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === facts.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(facts.lastModified.getTime() / 1000) === date / 1000;
}
