// The book's photos: upload (picker or drop), each file's progress or refusal, thumbnails turning ready live, and a
// mark on photos already placed. A photo is dragged onto a frame, or clicked to fill the selected frame.
import { useRef } from 'react';
import { words } from './i18n';
import { photoAt } from './images';
import { PHOTO_DRAG_TYPE } from './SpreadView';
import type { BookPhoto } from './types';
import type { Upload } from './uploads';

export type PhotoStatus = 'processing' | 'ready' | 'failed';

export interface PhotoPanelProps {
  photos: BookPhoto[];
  photoIds: number[];
  statusOf(photo: BookPhoto | undefined, photoId: number): { status: PhotoStatus; image: string | null };
  placed: Set<number>;
  uploads: Upload[];
  readOnly: boolean;
  onFiles(files: File[]): void;
  onPick(photoId: number): void;
}

export function PhotoPanel({ photos, photoIds, statusOf, placed, uploads, readOnly, onFiles, onPick }: PhotoPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const byId = new Map(photos.map((photo) => [photo.photo_id, photo]));
  return (
    <section className="photo-panel" aria-label={words.photos}>
      <h2>{words.photos}</h2>
      <button type="button" className="primary" onClick={() => input.current?.click()} disabled={readOnly}>{words.upload}</button>
      <input ref={input} type="file" multiple accept="image/jpeg,image/png,image/webp,image/heic,.heic" hidden
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }} />
      <ul className="uploads" aria-live="polite">
        {uploads.filter((upload) => upload.state !== 'sent').map((upload) => (
          <li key={upload.key} className={`upload ${upload.state}`}>
            <span className="name">{upload.name}</span>
            {upload.state === 'sending'
              ? <progress max={1} value={upload.progress} aria-label={upload.name} />
              : <span className="refusal" role="alert">{upload.reason}</span>}
          </li>
        ))}
      </ul>
      <ul className="photos">
        {photoIds.map((photoId) => {
          const { status, image } = statusOf(byId.get(photoId), photoId);
          const isPlaced = placed.has(photoId);
          const label = `${words.photoLabel} ${photoId}: ${words[status]}${isPlaced ? `, ${words.placed}` : ''}`;
          return (
            <li key={photoId}>
              <button type="button" className={`photo ${status}${isPlaced ? ' placed' : ''}`} aria-label={label}
                data-photo-id={photoId} data-status={status} draggable={status === 'ready' && !readOnly}
                onDragStart={(event) => event.dataTransfer.setData(PHOTO_DRAG_TYPE, String(photoId))}
                onClick={() => status === 'ready' && onPick(photoId)}>
                {image ? <img src={photoAt(image, 200)!} alt="" draggable={false} /> : <span className="spinner" />}
                {isPlaced && <span className="placed-mark" aria-hidden="true">✓</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
