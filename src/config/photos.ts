// The limits of shoppers' photos (issue 30), parsed from the environment: upload size, pixels, and what one owner may hold.
import { type Env, integer } from './values';
import { VARIABLES } from './variables';

const { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTOS_PER_USER, PHOTO_BYTES_PER_USER, PHOTOS_PER_VISITOR, PHOTO_BYTES_PER_VISITOR } = VARIABLES;

/** What one owner may hold: photos in the library and bytes of originals stored. */
export interface PhotoQuota {
  readonly photos: number;
  readonly bytes: number;
}

export interface PhotosConfig {
  /** Largest upload in bytes; larger: 413. */
  readonly maxBytes: number;
  /** Largest photo in pixels, checked from the header before decoding. */
  readonly maxPixels: number;
  /** An account's quota (users, moderators, administrators). */
  readonly userQuota: PhotoQuota;
  /** A visitor account's quota. */
  readonly visitorQuota: PhotoQuota;
}

export function photosConfig(env: Env): PhotosConfig {
  return {
    maxBytes: integer(env, PHOTO_MAX_BYTES),
    maxPixels: integer(env, PHOTO_MAX_PIXELS),
    userQuota: { photos: integer(env, PHOTOS_PER_USER), bytes: integer(env, PHOTO_BYTES_PER_USER) },
    visitorQuota: { photos: integer(env, PHOTOS_PER_VISITOR), bytes: integer(env, PHOTO_BYTES_PER_VISITOR) },
  };
}
