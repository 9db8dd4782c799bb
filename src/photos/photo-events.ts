// Photos whose processing ended or that their owner turned, as every process hears them (LISTEN/NOTIFY, sent by the
// marking transaction at commit), and the frame the owner's /photos/ws connections get for each (the front end's
// source/components/_hoc/WebSocket/index.es6 and const/wsCommands.es6 of DmitryMasny/u4u).
import type { Logger } from 'pino';
import type { Database, NotificationListener } from '../db/database';
import type { PhotoLinks } from './photo-links';
import { presentPhoto } from './presenters';
import { type Photo, PHOTO_EVENTS_CHANNEL } from './repository';

/** What happened to the photo: its processing ended (ready or failed), or its owner turned it. */
export type PhotoEventKind = 'processed' | 'rotated';

export interface PhotoEvent {
  photoId: number;
  ownerId: number;
  kind: PhotoEventKind;
}

function parseEvent(payload: string): PhotoEvent | undefined {
  try {
    const { photo_id: photoId, owner_id: ownerId, event } = JSON.parse(payload) as { photo_id?: unknown; owner_id?: unknown; event?: unknown };
    if (!Number.isInteger(photoId) || !Number.isInteger(ownerId)) return undefined;
    // A process of the version before turns says nothing of the kind: its events are all "processed".
    const kind = event === 'rotated' ? 'rotated' : event === undefined || event === 'processed' ? 'processed' : undefined;
    return kind && { photoId: photoId as number, ownerId: ownerId as number, kind };
  } catch {
    return undefined;
  }
}

/** Calls onEvent for every photo whose processing ends or that is turned from now on, in any process. close() stops. */
export function listenToPhotoEvents(db: Database, log: Logger, onEvent: (event: PhotoEvent) => void): NotificationListener {
  return db.listen(PHOTO_EVENTS_CHANNEL, {
    notification(payload) {
      const event = parseEvent(payload);
      if (event) onEvent(event);
      else log.warn({ payload }, 'photo event notification not understood');
    },
    listening: () => undefined,
    // The library's list shows the photo's status all the same; only the push is lost.
    interrupted: (error) => log.warn({ err: error }, 'photo event notifications interrupted'),
  });
}

/**
 * What the owner is told of the photo: photo_uploaded with its images, size, date and source once it is ready;
 * fail_upload_photo with its id as payload once it failed, the reason beside (the front end reads only the id);
 * nothing while it is still processing (it is being processed again). A turn: photo_rotated with the same payload
 * as photo_uploaded (the front end reads its images, size and date).
 */
export function photoEventFrame(photo: Photo, links: PhotoLinks, kind: PhotoEventKind = 'processed'): object | undefined {
  if (photo.status === 'failed') return kind === 'processed' ? { cmd: 'fail_upload_photo', payload: photo.id, reason: photo.failureReason } : undefined;
  if (photo.status !== 'ready') return undefined;
  const presented = presentPhoto(photo, links);
  return {
    cmd: kind === 'rotated' ? 'photo_rotated' : 'photo_uploaded',
    payload: {
      photo_id: presented.photo_id, photo: { image: presented.url, orig: presented.orig },
      size_orig: presented.size_orig, date: presented.date, import_from: presented.import_from,
    },
  };
}
