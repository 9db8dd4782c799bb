// The service's two file areas, public media and private print files, on the storage the configuration names.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { ConfigError } from '../config/values';
import { createLocalDiskStorage } from './local-disk';
import { createS3Client, createS3Storage } from './s3';
import { type MediaStorage, MediaStorageUnavailableError } from './storage';

export interface MediaStorages {
  /** Served at /media/ (and at MEDIA_PUBLIC_URL when set). */
  media: MediaStorage;
  /** Print files: never served under /media/, no public URL. */
  privateFiles: MediaStorage;
  /** Lets go of the object store's connections. */
  close(): void;
  /**
   * Before a long-running process starts serving: a configuration the store refuses (key, secret, bucket, region)
   * throws a ConfigError; a store that does not answer is logged, and its requests answer 503 until it does.
   */
  check(log: Logger): Promise<void>;
}

/**
 * On S3 both areas share one bucket under fixed prefixes, media/ and private/: one bucket to create and one key to
 * grant, and a public-read policy (or a CDN) is given the media/ prefix alone. /media/ only ever reads under media/,
 * so no URL reaches a print file; the prefixes also keep a public key from ever naming a private object.
 */
export const S3_PREFIXES = { media: 'media/', private: 'private/' } as const;

export function openMediaStorages(config: Config): MediaStorages {
  const { storage, publicBase } = config.media;
  if (storage.kind === 'disk') {
    return {
      media: createLocalDiskStorage(path.join(config.dataDir, 'media'), publicBase),
      privateFiles: createLocalDiskStorage(path.join(config.dataDir, 'private'), null),
      close: () => undefined,
      // The data folder is checked (and made) before the database opens.
      check: async () => undefined,
    };
  }
  const client = createS3Client(storage);
  const area = { client, bucket: storage.bucket, timeoutMs: storage.timeoutMs };
  const privateFiles = createS3Storage({ ...area, prefix: S3_PREFIXES.private, publicBase: null });
  return {
    media: createS3Storage({ ...area, prefix: S3_PREFIXES.media, publicBase }),
    privateFiles,
    close: () => client.destroy(),
    // What the service does with the store and nothing more, on an object of its own: write, read back, delete. (A
    // HeadBucket would need s3:ListBucket, which the service's key need not have.)
    async check(log) {
      const probe = `startup-checks/${randomUUID()}`;
      try {
        await privateFiles.put(probe, Buffer.from('photobook start-up check\n'));
        await privateFiles.read(probe);
        await privateFiles.delete(probe);
      } catch (error) {
        if (error instanceof MediaStorageUnavailableError) {
          log.warn({ err: error, endpoint: storage.endpoint ?? 'AWS S3', bucket: storage.bucket },
            'the object store does not answer: media requests answer 503 until it does');
          return;
        }
        throw new ConfigError(`the object store refuses the S3 settings (S3_BUCKET "${storage.bucket}", `
          + `S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY): ${`${(error as Error).name}: ${(error as Error).message}`.replace(/\s+/g, ' ')}`);
      }
    },
  };
}
