// What a batch reads of a photo's analysis (photo_analyses, issue 51) beside its placement facts, and the capture
// instant on one timeline: the camera's clock corrected by its device's offset (the owner's, else the one found from
// GPS time).
import type { PhotoLook } from '../../shared/photo-look';

/** The row's analysis as JSON, or null when the photo has none (processed before issue 51); for `FROM photos`. */
export const PHOTO_LOOK_COLUMN = `(SELECT json_build_object(
    'faces', (SELECT coalesce(json_agg(face->'box'), '[]') FROM jsonb_array_elements(a.faces) face),
    'sharpness', a.sharpness, 'exposure', a.exposure, 'eyes_open', a.eyes_open, 'colour_signature', a.colour_signature,
    'device_id', a.device_id, 'offset_seconds', coalesce(d.offset_seconds, d.gps_offset_seconds, 0),
    'latitude', a.latitude, 'longitude', a.longitude, 'place', a.place, 'perceptual_hash', photos.perceptual_hash)
  FROM photo_analyses a LEFT JOIN photo_devices d ON d.id = a.device_id WHERE a.photo_id = photos.id) AS look`;

export interface StoredLook {
  faces: PhotoLook['faces'];
  sharpness: number;
  exposure: number;
  eyes_open: number | null;
  colour_signature: string;
  device_id: number | null;
  offset_seconds: number;
  latitude: number | null;
  longitude: number | null;
  place: string | null;
  perceptual_hash: string | null;
}

/** The photo's look and its capture instant corrected by its device's clock offset. */
export function lookOf(capturedMs: number | null, stored: StoredLook | null): { capturedAt: number | null; look: PhotoLook | null } {
  if (!stored) return { capturedAt: capturedMs, look: null };
  return {
    capturedAt: capturedMs === null ? null : capturedMs + stored.offset_seconds * 1000,
    look: {
      faces: stored.faces, sharpness: stored.sharpness, exposure: stored.exposure, eyesOpen: stored.eyes_open,
      perceptualHash: stored.perceptual_hash, colourSignature: stored.colour_signature, deviceId: stored.device_id,
      latitude: stored.latitude, longitude: stored.longitude, place: stored.place,
    },
  };
}
