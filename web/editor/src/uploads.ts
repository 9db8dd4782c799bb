// Uploading photos (one request per file, with its progress) and hearing them become ready over /photos/ws.
import { words } from './i18n';

export interface Upload {
  key: string;
  name: string;
  /** 0..1 while sending. */
  progress: number;
  state: 'sending' | 'sent' | 'refused';
  reason?: string;
  photoId?: number;
}

const ACCEPTED = /^image\/(jpeg|png|webp|heic|heif)$/;

function refusalOf(status: number, body: unknown): string {
  const detail = (body as { detail?: unknown; files?: unknown[] } | null);
  if (detail && Array.isArray(detail.files) && typeof detail.files[0] === 'string') return detail.files[0];
  if (detail && typeof detail.detail === 'string') return detail.detail;
  return status === 413 ? words.fileTooLarge : `${words.uploadFailed} (${status})`;
}

/** Sends one file as the shop's front end does (multipart, field `files`); onProgress gets the upload's state. */
export function uploadPhoto(token: string, file: File, onProgress: (upload: Partial<Upload>) => void): Promise<number | null> {
  if (file.type && !ACCEPTED.test(file.type)) {
    onProgress({ state: 'refused', reason: words.fileType });
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/or/photo/');
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress({ progress: event.loaded / event.total });
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200 || request.status === 201) {
        const photoId = (body as { photo_id: number }).photo_id;
        onProgress({ state: 'sent', progress: 1, photoId });
        resolve(photoId);
      } else {
        onProgress({ state: 'refused', reason: refusalOf(request.status, body) });
        resolve(null);
      }
    };
    request.onerror = () => {
      onProgress({ state: 'refused', reason: words.uploadFailed });
      resolve(null);
    };
    const form = new FormData();
    form.append('files', file);
    request.send(form);
  });
}

export type PhotoEvent = { photoId: number; ready: true; image: string } | { photoId: number; ready: false };

/** The owner's processing notices; reconnects while the page lives. Returns a function that stops listening. */
export function listenForPhotos(token: string, onEvent: (event: PhotoEvent) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/photos/ws?jwt=${encodeURIComponent(token)}`);
    socket.onmessage = (frame) => {
      const message = JSON.parse(String(frame.data)) as { cmd: string; payload: unknown };
      if (message.cmd === 'photo_uploaded' || message.cmd === 'photo_rotated') {
        const payload = message.payload as { photo_id: number; photo: { image: string } };
        onEvent({ photoId: payload.photo_id, ready: true, image: payload.photo.image });
      } else if (message.cmd === 'fail_upload_photo') onEvent({ photoId: message.payload as number, ready: false });
    };
    socket.onclose = () => !stopped && window.setTimeout(open, 1000);
  };
  open();
  return () => {
    stopped = true;
    socket?.close();
  };
}
