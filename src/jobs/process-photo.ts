// The contract of the process-photo job, handled in jobs/process-photo.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface ProcessPhotoPayload {
  photoId: number;
}

export const processPhoto = defineJobContract<ProcessPhotoPayload>({
  name: 'process-photo',
  // Decoding and encoding a 50-megapixel photo takes a few seconds on a loaded machine; reading and storing 50 MB
  // each way is within S3_TIMEOUT_MS.
  expireInSeconds: 120,
  // A shopper waits for the photo: the first retry soon; a storage outage is outlasted for about an hour (5 retries,
  // 2 min doubling) before the photo is marked failed (a file sharp cannot read fails at once, without retries).
  retry: { limit: 5, delaySeconds: 120, backoff: true },
  // Decoding is bounded by IMAGE_CONCURRENCY whatever runs: a third job reads its original, stores its master or
  // commits while two decode, so the cores never wait for storage or the database.
  atOnce: 3,
  payloadSchema: {
    type: 'object',
    required: ['photoId'],
    properties: { photoId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
});
