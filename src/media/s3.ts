// Media in an S3-compatible object store (AWS S3, MinIO, Ceph, R2, Yandex Object Storage), through the official
// client. Each area of the service (public media, private print files) is a key prefix of one bucket.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, type GetObjectCommandOutput, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config/media';
import { contentTypeOf } from './content-types';
import {
  assertMediaKey, LIST_PAGE_SIZE, type MediaStorage, MediaNotFoundError, MediaStorageUnavailableError, publicUrlOf,
} from './storage';

/** Tries of one call (the first and two retries, with the client's backoff), all within S3_TIMEOUT_MS. */
export const S3_MAX_ATTEMPTS = 3;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: S3_MAX_ATTEMPTS,
    // The client's default since 2025 adds CRC checksums to every upload, which several S3-compatible servers
    // refuse; checksums are sent only where the protocol requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The socket's idle limit: a body that stops arriving mid-way (after the call's own deadline) fails too.
    requestHandler: { connectionTimeout: config.timeoutMs, socketTimeout: config.timeoutMs },
  });
}

interface Failure {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as Failure).$metadata?.httpStatusCode;

/**
 * No answer at all (refused, reset, timed out, aborted by the deadline), a 5xx or 429 of the store: worth a retry
 * later. A 4xx (wrong credentials, a missing bucket) is a fault of the configuration and stays what it is.
 */
function failureOf(error: unknown, operation: string, key: string): Error {
  const status = statusOf(error);
  if (status === undefined || status >= 500 || status === 429) {
    return new MediaStorageUnavailableError(`object storage ${operation} "${key}" failed: ${(error as Error).message}`, { cause: error });
  }
  return error as Error;
}

const missing = (error: unknown) => statusOf(error) === 404 && (error as Failure).name !== 'NoSuchBucket';

/** The validators of an object as HeadObject or GetObject report them. */
const factsOf = (object: { ContentLength?: number; ETag?: string; LastModified?: Date }) =>
  ({ size: object.ContentLength ?? 0, etag: object.ETag ?? '""', lastModified: object.LastModified ?? new Date(0) });

/** Where keys of one area live: `<prefix><key>` in the bucket; publicBase null: a private area, no URLs. */
export interface S3Area {
  client: S3Client;
  bucket: string;
  prefix: string;
  publicBase: string | null;
  timeoutMs: number;
}

export function createS3Storage({ client, bucket, prefix, publicBase, timeoutMs }: S3Area): MediaStorage {
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return prefix + key;
  };

  /** One call with its deadline, which covers its retries and ends when the answer starts (bodies stream on). */
  async function call<T>(operation: string, key: string, send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      return await send(deadline.signal);
    } catch (error) {
      throw failureOf(error, operation, key);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The object (or a range of it); undefined when it does not exist. */
  function get(key: string, range?: string): Promise<GetObjectCommandOutput | undefined> {
    const Key = objectKey(key);
    return call('read', key, (abortSignal) => client.send(new GetObjectCommand({ Bucket: bucket, Key, Range: range }), { abortSignal })
      .catch((error: unknown) => {
        if (missing(error)) return undefined;
        throw error;
      }));
  }

  return {
    async put(key, data) {
      const Key = objectKey(key);
      // PutObject needs the length up front; every caller hands a buffer already, so a stream is simply gathered.
      const body = data instanceof Readable ? Buffer.concat(await data.toArray()) : data;
      await call('write', key, (abortSignal) => client.send(new PutObjectCommand({
        Bucket: bucket, Key, Body: body, ContentLength: body.length, ContentType: contentTypeOf(key),
        // For the bucket's own public address or a CDN, which serve public files without this service.
        CacheControl: publicBase === null ? 'private, no-store' : 'public, max-age=86400',
      }), { abortSignal }));
    },
    async read(key) {
      const object = await get(key);
      if (!object?.Body) throw new MediaNotFoundError(`no media file "${key}"`);
      // The answer has started, so the call is over; a body that then stalls (the socket's idle limit) or is cut
      // (a reset) is the store's outage all the same, never a bug nor the database's.
      try {
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        throw failureOf(error, 'read', key);
      }
    },
    async stat(key) {
      const Key = objectKey(key);
      const head = await call('stat', key, (abortSignal) => client.send(new HeadObjectCommand({ Bucket: bucket, Key }), { abortSignal })
        .catch((error: unknown) => {
          if (missing(error)) return undefined;
          throw error;
        }));
      if (head) return factsOf(head);
      // A HEAD answer has no body, so its 404 cannot tell a missing file from a missing bucket (a fault of the
      // configuration, which must not pass for "no such file"); the error of a GET names which it is.
      const object = await get(key);
      (object?.Body as Readable | undefined)?.destroy();
      return object && factsOf(object);
    },
    async open(key, range) {
      const object = await get(key, range && `bytes=${range.start}-${range.end}`);
      if (!object?.Body) return undefined;
      // With a range, the whole size is the part of Content-Range after the slash.
      const size = range ? Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1]) : object.ContentLength ?? 0;
      return { ...factsOf(object), size, body: object.Body as Readable };
    },
    publicUrl: (key) => publicUrlOf(publicBase, key),
    async delete(key) {
      const Key = objectKey(key);
      await call('delete', key, (abortSignal) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }), { abortSignal }));
    },
    // ListObjectsV2 (the s3:ListBucket permission): one call per page, each with its own deadline.
    async *list(listPrefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await call('list', listPrefix, (abortSignal) => client.send(new ListObjectsV2Command({
          Bucket: bucket, Prefix: prefix + listPrefix, MaxKeys: LIST_PAGE_SIZE, ContinuationToken,
        }), { abortSignal }));
        // S3 always dates an object; were a date missing, the file would count as new (kept by what removes old ones).
        const files = (page.Contents ?? []).filter((object) => object.Key?.startsWith(prefix))
          .map((object) => ({ key: object.Key!.slice(prefix.length), lastModified: object.LastModified ?? new Date() }));
        if (files.length > 0) yield files;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
