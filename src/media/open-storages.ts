// The service's two file areas, public media and private print files, on the storage the configuration names.
import path from 'node:path';
import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Client, createS3Storage } from './s3';
import type { MediaStorage } from './storage';

export interface MediaStorages {
  /** Served at /media/ (and at MEDIA_PUBLIC_URL when set). */
  media: MediaStorage;
  /** Print files: never served under /media/, no public URL. */
  privateFiles: MediaStorage;
  /** Lets go of the object store's connections. */
  close(): void;
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
    };
  }
  const client = createS3Client(storage);
  const area = { client, bucket: storage.bucket, timeoutMs: storage.timeoutMs };
  return {
    media: createS3Storage({ ...area, prefix: S3_PREFIXES.media, publicBase }),
    privateFiles: createS3Storage({ ...area, prefix: S3_PREFIXES.private, publicBase: null }),
    close: () => client.destroy(),
  };
}
