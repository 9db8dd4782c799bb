// Where uploaded and generated images live. Keys are relative slash-separated names like "themes/3/cover.jpg".
import type { Readable } from 'node:stream';

/** What serving a stored file needs to know before sending it. */
export interface StoredFileFacts {
  /** Bytes of the whole file. */
  size: number;
  /** A strong validator, quoted as HTTP writes it: changes whenever the content can have changed. */
  etag: string;
  lastModified: Date;
}

/** First and last byte, both included, as HTTP ranges count them; always within the file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One file as a listing names it. */
export interface ListedFile {
  key: string;
  lastModified: Date;
}

/** Files a listing gives at a time, at most (S3's page). */
export const LIST_PAGE_SIZE = 1000;

export interface OpenedFile extends StoredFileFacts {
  /** The file's bytes, or those of the range asked for. Whoever opens it must read it to the end or destroy it. */
  body: Readable;
}

export interface MediaStorage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The whole file; a missing key throws MediaNotFoundError. */
  read(key: string): Promise<Buffer>;
  /** Undefined when there is no such file. */
  stat(key: string): Promise<StoredFileFacts | undefined>;
  /** The file as a stream (or one range of it); undefined when there is no such file. */
  open(key: string, range?: ByteRange): Promise<OpenedFile | undefined>;
  publicUrl(key: string): string;
  /** Deleting a missing key is not an error: deletes are retried after crashes. */
  delete(key: string): Promise<void>;
  /** The files whose keys start with prefix, a page (at most LIST_PAGE_SIZE) at a time, in no promised order. */
  list(prefix: string): AsyncIterable<ListedFile[]>;
}

// Lower-case names, digits, dots, dashes and underscores in slash-separated segments; no "." or ".." segment.
const KEY_PATTERN = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidMediaKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

export class InvalidMediaKeyError extends Error {}

/** read() of a key that holds no file. */
export class MediaNotFoundError extends Error {}

/**
 * The storage could not be used right now (refused connection, reset, timeout, a 5xx of the object store): the
 * same call may succeed later, so a request that met it is answered 503 with Retry-After.
 */
export class MediaStorageUnavailableError extends Error {}

export function assertMediaKey(key: string): void {
  if (!isValidMediaKey(key)) throw new InvalidMediaKeyError(`invalid media key "${key}"`);
}

/** For readers that draw what they can: a key that names no file (or is no key at all) is "no image", an outage is not. */
export function isMissingMedia(error: unknown): boolean {
  return error instanceof MediaNotFoundError || error instanceof InvalidMediaKeyError;
}

/** The file, or undefined when there is none under the key; an outage of the storage still throws. */
export function readIfPresent(storage: MediaStorage, key: string): Promise<Buffer | undefined> {
  return storage.read(key).catch((error: unknown) => {
    if (isMissingMedia(error)) return undefined;
    throw error;
  });
}

/** Where a storage's public keys are served: `<base>/<key>`; null for a private area, whose files have no URL. */
export function publicUrlOf(base: string | null, key: string): string {
  assertMediaKey(key);
  if (base === null) throw new Error(`"${key}" is in a private area: it has no public URL`);
  return `${base}/${key}`;
}
