// The uploads of this editor and what the service says of the book's photos: each file sent with its progress, added
// to the book once accepted (layout/add_photos), and marked ready when /photos/ws (or, failing that, a read) says so.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api';
import type { EditSession } from './edit-session';
import type { PhotoStatus } from './PhotoPanel';
import type { BookPhoto } from './types';
import { listenForPhotos, type Upload, uploadPhoto } from './uploads';

type Known = { status: PhotoStatus; image: string | null };

const RECHECK_MS = 4000;
const LIBRARY_PAGES = 10;

interface LibraryPhoto { id: number; status: string; url: string | null }

const factOf = (photo: LibraryPhoto): Known => (photo.status === 'ready' ? { status: 'ready', image: photo.url } : { status: 'failed', image: null });

async function readLibrary(token: string): Promise<LibraryPhoto[]> {
  const photos: LibraryPhoto[] = [];
  let next: string | null = '/photos/api/photo/?page_size=100';
  for (let page = 0; next && page < LIBRARY_PAGES; page += 1) {
    const answer: { results: LibraryPhoto[]; next: string | null } = await api(token, new URL(next, location.href).pathname + new URL(next, location.href).search);
    photos.push(...answer.results);
    next = answer.next;
  }
  return photos;
}

export function usePhotoUploads(session: EditSession, token: string) {
  const [list, setList] = useState<Upload[]>([]);
  const [known, setKnown] = useState<Map<number, Known>>(new Map());
  const waiting = useRef(new Set<number>());
  const learn = useCallback((photoId: number, fact: Known) => {
    if (fact.status !== 'processing') waiting.current.delete(photoId);
    setKnown((before) => new Map(before).set(photoId, fact));
  }, []);

  useEffect(() => listenForPhotos(token, (event) => learn(event.photoId, event.ready ? { status: 'ready', image: event.image } : { status: 'failed', image: null })), [token, learn]);
  // The book's list carries links but not whether a photo is processed: the library says, once at the start.
  useEffect(() => {
    void readLibrary(token).then((photos) => {
      for (const photo of photos) if (photo.status !== 'processing') learn(photo.id, factOf(photo));
    });
  }, [token, learn]);
  // A notice sent while the socket was reconnecting is not sent again: the photo's own read says it all the same.
  useEffect(() => {
    const timer = window.setInterval(() => {
      for (const photoId of waiting.current) {
        api<LibraryPhoto>(token, `/photos/api/photo/${photoId}/`).then((photo) => photo.status !== 'processing' && learn(photoId, factOf(photo)), () => undefined);
      }
    }, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [token, learn]);

  const statusOf = (_photo: BookPhoto | undefined, photoId: number): Known => {
    const fact = known.get(photoId);
    if (fact) return fact;
    waiting.current.add(photoId);
    return { status: 'processing', image: null };
  };

  const send = (files: File[]) => {
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setList((before) => [...before, { key, name: file.name, progress: 0, state: 'sending' }]);
      const change = (upload: Partial<Upload>) => setList((before) => before.map((item) => (item.key === key ? { ...item, ...upload } : item)));
      void uploadPhoto(token, file, change).then((photoId) => {
        if (photoId !== null) void session.send('layout', 'add_photos', undefined, { photo_ids: [photoId] });
      });
    }
  };
  return { list, statusOf, send };
}
