// Photos with real faces for the tests: the sample photos @vladmandic/face-api ships in its npm package (demo/), and
// copies of them made with sharp (blurred, darker, other colours, a burst's slightly moved frames).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const DEMO = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** sample1.jpg to sample6.jpg, 1920 pixels wide, with people facing the camera (sample2: one face). */
export const faceSample = (index: number): Buffer => readFileSync(join(DEMO, `sample${index}.jpg`));

/** A smaller re-encode (faster to process), with EXIF when given. */
export async function sampleCopy(index: number, options: {
  width?: number; blur?: number; brightness?: number; hue?: number; shiftPercent?: number; quality?: number;
  exif?: { make?: string; model?: string; at?: string; offset?: string; gps?: { date: string; time: [number, number, number]; latitude?: number; longitude?: number } };
} = {}): Promise<Buffer> {
  let image = sharp(faceSample(index));
  const { width = 960 } = options;
  if (options.shiftPercent) {
    const meta = await sharp(faceSample(index)).metadata();
    const dx = Math.round((meta.width! * options.shiftPercent) / 100);
    image = sharp(await image.extract({ left: dx, top: 0, width: meta.width! - dx, height: meta.height! }).toBuffer());
  }
  image = image.resize(width);
  if (options.blur) image = image.blur(options.blur);
  if (options.brightness || options.hue) image = image.modulate({ brightness: options.brightness ?? 1, hue: options.hue ?? 0 });
  const jpeg = image.jpeg({ quality: options.quality ?? 90 });
  const exif = options.exif;
  if (!exif) return jpeg.toBuffer();
  return jpeg.withExif({
    IFD0: { Make: exif.make ?? 'Test', Model: exif.model ?? 'Camera' },
    IFD2: { ...(exif.at ? { DateTimeOriginal: exif.at } : {}), ...(exif.offset ? { OffsetTimeOriginal: exif.offset } : {}) },
    ...(exif.gps ? {
      IFD3: {
        GPSDateStamp: exif.gps.date, GPSTimeStamp: exif.gps.time.map((part) => `${part}/1`).join(' '),
        ...(exif.gps.latitude !== undefined ? { GPSLatitudeRef: exif.gps.latitude < 0 ? 'S' : 'N', GPSLatitude: dms(exif.gps.latitude) } : {}),
        ...(exif.gps.longitude !== undefined ? { GPSLongitudeRef: exif.gps.longitude < 0 ? 'W' : 'E', GPSLongitude: dms(exif.gps.longitude) } : {}),
      },
    } : {}),
  }).toBuffer();
}

function dms(value: number): string {
  const absolute = Math.abs(value);
  const degrees = Math.floor(absolute);
  const minutes = Math.floor((absolute - degrees) * 60);
  const seconds = Math.round(((absolute - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}
