// When a photo was taken: EXIF DateTimeOriginal with OffsetTimeOriginal as an instant and its offset; else the file's
// own time; else the upload's. A DateTimeOriginal without offset is taken as UTC wall time (offsetMinutes null).
import exifr from 'exifr';

export interface CaptureTime {
  instant: Date;
  /** Minutes east of UTC where the camera said (OffsetTimeOriginal); null when it did not say. */
  offsetMinutes: number | null;
  /** Where the time came from: the photo's EXIF, the file's own time sent with it, or the upload. */
  source: 'exif' | 'file' | 'upload';
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const EXIF_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC of an EXIF offset ("+02:00", "-05:30"), or null when absent or malformed. */
export function parseExifOffset(text: unknown): number | null {
  const match = typeof text === 'string' ? EXIF_OFFSET.exec(text.trim()) : null;
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return minutes > 14 * 60 ? null : (match[1] === '-' ? -minutes : minutes);
}

/**
 * The instant of an EXIF date ("2024:06:01 10:20:30") read at the given offset, or undefined when it is blank
 * ("0000:00:00 00:00:00"), malformed or impossible (month 13). Without an offset the wall time is read as UTC.
 */
export function parseExifDate(text: unknown, offsetMinutes: number | null, subSeconds?: unknown): Date | undefined {
  const match = typeof text === 'string' ? EXIF_DATE.exec(text.trim()) : null;
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const fraction = typeof subSeconds === 'string' && /^\d+$/.test(subSeconds.trim()) ? Number(`0.${subSeconds.trim()}`) : 0;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(fraction * 1000));
  const check = new Date(wall);
  if (year < 1900 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  return new Date(wall - (offsetMinutes ?? 0) * 60_000);
}

/** The EXIF capture time of a JPEG, PNG, WebP or HEIC file, or undefined when it has none that can be read. */
export async function exifCaptureTime(file: Buffer): Promise<CaptureTime | undefined> {
  const tags = await exifr.parse(file, {
    pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'SubSecTimeOriginal'], reviveValues: false,
  }).catch(() => undefined) as Record<string, unknown> | undefined;
  if (!tags) return undefined;
  const offsetMinutes = parseExifOffset(tags.OffsetTimeOriginal);
  const instant = parseExifDate(tags.DateTimeOriginal, offsetMinutes, tags.SubSecTimeOriginal);
  return instant && { instant, offsetMinutes, source: 'exif' };
}

export async function captureTime(file: Buffer, fileTime: Date | undefined, uploadTime: Date): Promise<CaptureTime> {
  return await exifCaptureTime(file)
    ?? (fileTime && !Number.isNaN(fileTime.getTime()) ? { instant: fileTime, offsetMinutes: null, source: 'file' } : undefined)
    ?? { instant: uploadTime, offsetMinutes: null, source: 'upload' };
}
