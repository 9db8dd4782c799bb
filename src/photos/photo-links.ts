// Links to a photo's files for the JSON its owner receives. Browsers load images without an Authorization header, so
// each link carries its own permission: signed for one photo's path, expiring (src/http/signed-url.ts).
import type { UrlSigner } from '../http/signed-url';
import { createBoundedMemo } from '../util/bounded-memo';

/**
 * Links stay the same for this long and work for up to twice as long: a page of photos fetched twice within a window
 * names the same URLs, so the browser's cache keeps the images.
 */
export const PHOTO_LINK_WINDOW_SECONDS = 6 * 3600;

/** Links kept for reuse within a window, at most (about 150 bytes each). */
const LINKS_KEPT = 50_000;

export const imagePath = (photoId: number) => `/photos/api/photo/${photoId}/image`;
export const originalPath = (photoId: number) => `/photos/api/photo/${photoId}/original/`;

/**
 * The base (as url: =wN, =hN or =w0 appended) of a photo's sizes for the holder of a book's viewer link
 * (/layout/<hash>/?expires=...&sig=...): the photo opens by that link's expires and sig while the book names it.
 */
export const bookImageBase = (publicBaseUrl: string, photoId: number, layoutHash: string, expires: string, sig: string) =>
  `${publicBaseUrl}/photos/api/photo/${photoId}/book/${layoutHash}/${expires}.${sig}`;

export interface PhotoLinks {
  /** The base the front end appends =wN, =hN or =w0 to: the path, then /<expires>.<sig>. */
  image(photoId: number): string;
  /** The original as sent. */
  original(photoId: number): string;
  /** Whether the "<expires>.<sig>" path segment of an image link opens that photo's images now. */
  verifyImage(photoId: number, token: string): boolean;
  verifyOriginal(photoId: number, expires: unknown, sig: unknown): boolean;
}

export function createPhotoLinks(signer: UrlSigner, publicBaseUrl: string, now: () => number = Date.now): PhotoLinks {
  /** Signed until the end of the window after the current one (the signer counts from its own clock, as this). */
  const sign = (path: string) => {
    const seconds = Math.floor(now() / 1000);
    const until = (Math.floor(seconds / PHOTO_LINK_WINDOW_SECONDS) + 2) * PHOTO_LINK_WINDOW_SECONDS;
    return new URLSearchParams(signer.sign(path, until - seconds));
  };
  // A link is the same throughout its window, and answers name the same photos again and again (every editing ack
  // presents its page's placed photos): links are made once per window (an HMAC each), and kept up to a bound.
  const made = createBoundedMemo<string>(LINKS_KEPT);
  let madeInWindow = -1;
  const once = (key: string, make: () => string) => {
    const window = Math.floor(now() / 1000 / PHOTO_LINK_WINDOW_SECONDS);
    if (window !== madeInWindow) {
      made.clear();
      madeInWindow = window;
    }
    return made.get(key, make);
  };
  return {
    image: (photoId) => once(`i${photoId}`, () => {
      const query = sign(imagePath(photoId));
      return `${publicBaseUrl}${imagePath(photoId)}/${query.get('expires')}.${query.get('sig')}`;
    }),
    original: (photoId) => once(`o${photoId}`, () => `${publicBaseUrl}${originalPath(photoId)}?${sign(originalPath(photoId)).toString()}`),
    verifyImage(photoId, token) {
      const [expires, sig] = token.split('.');
      return signer.verify(imagePath(photoId), expires, sig);
    },
    verifyOriginal: (photoId, expires, sig) => signer.verify(originalPath(photoId), expires, sig),
  };
}
