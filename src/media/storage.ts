// Where uploaded and generated images live. Keys are relative slash-separated names like "themes/3/cover.jpg".
import type { Readable } from 'node:stream';

export interface MediaStorage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  read(key: string): Promise<Buffer>;
  publicUrl(key: string): string;
  /** Deleting a missing key is not an error: deletes are retried after crashes. */
  delete(key: string): Promise<void>;
}

// Lower-case names, digits, dots, dashes and underscores in slash-separated segments; no "." or ".." segment.
const KEY_PATTERN = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidMediaKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

export class InvalidMediaKeyError extends Error {}

export function assertMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new InvalidMediaKeyError(`invalid media key "${key}"`);
}
