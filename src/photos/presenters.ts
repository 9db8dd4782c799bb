// A photo as the front end reads it (source/__TS/interfaces/photo.ts, the "My photos" page of DmitryMasny/u4u).
import type { Photo as PhotoBody, PhotoList } from '../types/schemas';
import { presentAnalysis } from './analysis/listed';
import type { PhotoLinks } from './photo-links';
import type { Photo } from './repository';
import type { LibraryPage } from './service';

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant in the offset it was taken in ("2024-05-01T14:03:00+03:00"), or in UTC when the offset is unknown. */
export function dateInOffset(instant: Date, offsetMinutes: number | null): string {
  if (offsetMinutes === null) return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** url and orig are signed links: only the owner receives this JSON (see photo-links.ts). */
export function presentPhoto(photo: Photo, links: PhotoLinks): PhotoBody {
  return {
    id: photo.id,
    photo_id: photo.id,
    url: photo.status === 'ready' && photo.masterKey ? links.image(photo.id) : null,
    orig: links.original(photo.id),
    size_orig: { w: photo.width, h: photo.height, px_width: photo.width, px_height: photo.height },
    date: dateInOffset(photo.capturedAt ?? photo.createdAt, photo.capturedAt ? photo.captureOffsetMinutes : null),
    import_from: photo.importFrom,
    orientation: photo.orientation,
    status: photo.status,
    failure_reason: photo.failureReason,
    duplicate_group: photo.duplicateGroup,
    ...presentAnalysis(photo),
  };
}

/** A page of photos; next is the absolute URL of the list at listUrl (the library or a folder) after this page. */
export function presentPage(page: LibraryPage, links: PhotoLinks, listUrl: string, pageSize: number): PhotoList {
  return {
    results: page.photos.map((photo) => presentPhoto(photo, links)),
    next: page.nextBefore === null ? null : `${listUrl}?page_size=${pageSize}&before=${page.nextBefore}`,
    all_count: page.count,
  };
}
