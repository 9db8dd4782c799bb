// The original as it is stored and served: media files are public, so no metadata (EXIF with GPS positions and
// camera serials, XMP, IPTC, comments), but the customer's pixels and colour profile exactly as uploaded.
import sharp from 'sharp';
import { refuseImage } from './image-check';
import { jpegWithoutMetadata } from './jpeg-segments';
import { pngWithoutMetadata } from './png-chunks';
import { isLosslessWebp, webpWithoutMetadata } from './webp-chunks';

const WITHOUT_METADATA: Record<string, (image: Buffer) => Buffer> = {
  jpeg: jpegWithoutMetadata,
  png: pngWithoutMetadata,
  webp: webpWithoutMetadata,
};

/**
 * An image whose EXIF orientation turns it (anything but 1) would show upright only through the EXIF block that
 * goes, so its pixels are turned instead: re-encoded in its own format, PNG and lossless WebP losslessly, JPEG and
 * lossy WebP at quality 95 (JPEG without chroma subsampling), with the colour profile kept and nothing else.
 */
function upright(image: Buffer, format: string, maxPixels: number | false): Promise<Buffer> {
  const turned = sharp(image, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate().keepIccProfile();
  if (format === 'png') return turned.png().toBuffer();
  if (format === 'webp') return turned.webp(isLosslessWebp(image) ? { lossless: true } : { quality: 95 }).toBuffer();
  return turned.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
}

/**
 * The image without its metadata: its container rewritten, the compressed pixels copied byte for byte (see the
 * per-format files), or turned upright and re-encoded when its EXIF orientation says so. A malformed container
 * throws InvalidImageError.
 */
export async function storedOriginal(image: Buffer, maxPixels: number | false = false): Promise<Buffer> {
  const { format, orientation } = await sharp(image, { limitInputPixels: false }).metadata()
    .catch(() => ({ format: undefined, orientation: undefined }));
  const withoutMetadata = format && WITHOUT_METADATA[format];
  if (!withoutMetadata) return refuseImage();
  const rewritten = withoutMetadata(image);
  if ((orientation ?? 1) === 1) return rewritten;
  return upright(image, format, maxPixels).catch(refuseImage);
}
