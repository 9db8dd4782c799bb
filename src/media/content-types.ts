// Content types by a key's extension: what /media/ serves (images only), and what the files are labelled with in an
// object store, whose own public address or CDN serves them without this service.
import path from 'node:path';

// A Map: the extension comes from the URL, and only these are served.
export const IMAGE_CONTENT_TYPES = new Map<string, string>([
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.png', 'image/png'],
  ['.webp', 'image/webp'],
]);

export function imageContentTypeOf(key: string): string | undefined {
  return IMAGE_CONTENT_TYPES.get(path.extname(key).toLowerCase());
}

export function contentTypeOf(key: string): string {
  if (path.extname(key).toLowerCase() === '.pdf') return 'application/pdf';
  return imageContentTypeOf(key) ?? 'application/octet-stream';
}
