// What processing sees in a photo (issue 51): its faces with an eyes-open score each, its sharpness, exposure and colour
// signature (measures.ts), and what its EXIF says of the camera, the camera's clock and the GPS. Read from the print
// master (upright, sRGB) and the original's metadata; no face is ever described or compared across photos.
import exifr from 'exifr';
import { parseExifDate } from './photo-capture-time';
import type { DetectedFace, FaceDetector } from './face-detector';
import { measurePixels, type PixelMeasures } from './measures';
import { pictureCopyOf, PICTURE_SIDE, type SmallCopy } from './small-copy';
import { placeName } from './place';

/** The copy the detector and the measures read (small-copy.ts): faces down to about 1/25 of its longer side are found. */
export const ANALYSIS_SIDE = PICTURE_SIDE;
/** Faces smaller than this share of the largest one do not decide a photo's eyes-open score (people far behind). */
const MAIN_FACE_SHARE = 0.5;

export interface Face extends DetectedFace {
  /** 0 (closed) to 1 (open), from the eye aspect ratio of the landmarks. */
  eyes_open: number;
}

export interface Camera {
  make: string;
  model: string;
  serial: string;
}

export interface PhotoAnalysis extends PixelMeasures {
  faces: Face[];
  /** The lowest eyes-open score of its main faces; null without faces. */
  eyesOpen: number | null;
  /** The camera, when the EXIF names one. */
  camera: Camera | null;
  /** DateTimeOriginal read as UTC wall time (what the camera's clock said), and the GPS's own UTC time. */
  cameraTime: Date | null;
  gpsTime: Date | null;
  latitude: number | null;
  longitude: number | null;
  /** The town its GPS position is in (place.ts), offline; null without a position or far from any town. */
  place: string | null;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * The eye aspect ratio (Soukupová and Čech, 2016) of one eye's six landmarks in pixels: the eye's two heights over
 * twice its width, about 0.3 open and under 0.15 closed; mapped to 0..1 between those.
 */
function eyeOpenness(points: [number, number][]): number {
  const distance = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const width = distance(points[0], points[3]);
  if (width === 0) return 0;
  const ratio = (distance(points[1], points[5]) + distance(points[2], points[4])) / (2 * width);
  return Math.min(1, Math.max(0, (ratio - 0.15) / 0.12));
}

export function eyesOpenOf(face: DetectedFace, width: number, height: number): number {
  const inPixels = face.landmarks.map(([x, y]): [number, number] => [x * width, y * height]);
  if (inPixels.length < 48) return 1;
  return round4((eyeOpenness(inPixels.slice(36, 42)) + eyeOpenness(inPixels.slice(42, 48))) / 2);
}

/** The lowest score of the faces at least MAIN_FACE_SHARE of the largest one's size. */
export function photoEyesOpen(faces: Face[]): number | null {
  if (faces.length === 0) return null;
  const largest = Math.max(...faces.map((face) => face.box.width * face.box.height));
  return Math.min(...faces.filter((face) => face.box.width * face.box.height >= largest * MAIN_FACE_SHARE).map((face) => face.eyes_open));
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\0/g, '').trim().slice(0, 100) : '');

/** GPSDateStamp ("2026:07:03") with GPSTimeStamp ([h, m, s]) as the UTC instant they name. */
function gpsInstant(date: unknown, time: unknown): Date | null {
  if (typeof date !== 'string' || !Array.isArray(time) || time.length !== 3 || !time.every((part) => typeof part === 'number')) return null;
  const [hours, minutes, seconds] = time as number[];
  const wall = `${date.trim()} ${String(Math.floor(hours)).padStart(2, '0')}:${String(Math.floor(minutes)).padStart(2, '0')}:${String(Math.floor(seconds)).padStart(2, '0')}`;
  return parseExifDate(wall, 0) ?? null;
}

const coordinate = (value: unknown, limit: number) => (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null);

async function readExif(original: Buffer): Promise<Pick<PhotoAnalysis, 'camera' | 'cameraTime' | 'gpsTime' | 'latitude' | 'longitude' | 'place'>> {
  const tags = await exifr.parse(original, {
    pick: ['Make', 'Model', 'BodySerialNumber', 'SerialNumber', 'DateTimeOriginal', 'GPSDateStamp', 'GPSTimeStamp',
      'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'],
    reviveValues: false,
  }).catch(() => undefined) as Record<string, unknown> | undefined;
  if (!tags) return { camera: null, cameraTime: null, gpsTime: null, latitude: null, longitude: null, place: null };
  const camera = { make: text(tags.Make), model: text(tags.Model), serial: text(tags.BodySerialNumber) || text(tags.SerialNumber) };
  const latitude = coordinate(tags.latitude, 90);
  const longitude = coordinate(tags.longitude, 180);
  return {
    camera: camera.make || camera.model ? camera : null,
    cameraTime: parseExifDate(tags.DateTimeOriginal, null) ?? null,
    gpsTime: gpsInstant(tags.GPSDateStamp, tags.GPSTimeStamp),
    latitude: latitude !== null && longitude !== null ? round4(latitude) : null,
    longitude: latitude !== null && longitude !== null ? round4(longitude) : null,
    place: latitude !== null && longitude !== null ? placeName(latitude, longitude) : null,
  };
}

/**
 * The analysis of a processed photo: its master (upright, as placed), or the picture copy processing made of it
 * (ProcessedPhoto.picture: the master is then not decoded again), and its original (for the EXIF).
 */
export async function analysePhoto(master: Buffer | SmallCopy, original: Buffer, detector: FaceDetector): Promise<PhotoAnalysis> {
  const { data, width, height } = Buffer.isBuffer(master) ? await pictureCopyOf(master) : master;
  const info = { width, height };
  const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const measures = measurePixels(rgb, info.width, info.height);
  const detected = await detector.detect(rgb, info.width, info.height);
  const faces = detected.map((face): Face => ({ ...face, eyes_open: eyesOpenOf(face, info.width, info.height) }));
  return { ...measures, faces, eyesOpen: photoEyesOpen(faces), ...await readExif(original) };
}
