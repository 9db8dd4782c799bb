// A placed photo's pixels for a renderer: the crop of the print master, turned and mirrored as placed, at the scale
// asked (never above the master's own pixels when upscale is off), its bleed filled by the photo beyond the crop. One
// decode of the master and one JPEG encode: the master is never re-encoded twice.
import sharp from 'sharp';
import type { PhotoItem } from './scene';

interface Sides {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * How far the drawn rectangle reaches past the trim on each side, in fractions of the trim, as sides of the master's
 * crop (in fractions of the crop): the mirror undone, then the turn.
 */
function masterSides(item: PhotoItem): Sides {
  const { rect, trim } = item;
  let drawn: Sides = {
    left: (trim.x - rect.x) / trim.width, right: (rect.x + rect.width - trim.x - trim.width) / trim.width,
    top: (trim.y - rect.y) / trim.height, bottom: (rect.y + rect.height - trim.y - trim.height) / trim.height,
  };
  if (item.mirror) drawn = { ...drawn, left: drawn.right, right: drawn.left };
  // Turned clockwise by 90, the master's left side is drawn at the top, its top at the right, and so on.
  switch (item.rotation) {
    case 90: return { left: drawn.top, top: drawn.right, right: drawn.bottom, bottom: drawn.left };
    case 180: return { left: drawn.right, top: drawn.bottom, right: drawn.left, bottom: drawn.top };
    case 270: return { left: drawn.bottom, top: drawn.left, right: drawn.top, bottom: drawn.right };
    default: return drawn;
  }
}

export interface PreparedPhoto {
  /** A JPEG, or raw RGB pixels (3 channels). */
  data: Buffer;
  pixelWidth: number;
  pixelHeight: number;
  /** Pixels of the master per inch of paper across the trim, the scarcer side: what the photo prints at. */
  sourceDpi: number;
}

export interface PhotoScale {
  /** Pixels per millimetre of the drawn rectangle, across and down. */
  scaleX: number;
  scaleY: number;
  upscale: boolean;
  /** A JPEG of this quality for a PDF; raw RGB pixels (for compositing) when absent. */
  jpegQuality?: number;
}

/** The photo's pixels covering item.rect; undefined when the master cannot be read. */
export async function preparePlacedPhoto(item: PhotoItem, scale: PhotoScale): Promise<PreparedPhoto | undefined> {
  // A crop of no area (a hand-edited row) shows nothing rather than dividing by zero.
  if (!(item.crop.width > 0 && item.crop.height > 0)) return undefined;
  const master = await item.load();
  if (!master) return undefined;
  const { width: W, height: H } = item.pixels;
  const quarter = item.rotation === 90 || item.rotation === 270;
  const sides = masterSides(item);
  const cropWidth = item.crop.width * W;
  const cropHeight = item.crop.height * H;
  // The region of the master the drawn rectangle shows, in master pixels: the crop and what lies beyond it.
  const region = {
    x0: item.crop.x * W - sides.left * cropWidth, x1: (item.crop.x + item.crop.width) * W + sides.right * cropWidth,
    y0: item.crop.y * H - sides.top * cropHeight, y1: (item.crop.y + item.crop.height) * H + sides.bottom * cropHeight,
  };
  const drawnWidth = Math.max(1, Math.round(item.rect.width * scale.scaleX));
  const drawnHeight = Math.max(1, Math.round(item.rect.height * scale.scaleY));
  const [wanted, wantedHeight] = quarter ? [drawnHeight, drawnWidth] : [drawnWidth, drawnHeight];
  const regionWidth = region.x1 - region.x0;
  const regionHeight = region.y1 - region.y0;
  const factor = scale.upscale ? 1 : Math.min(1, regionWidth / wanted, regionHeight / wantedHeight);
  const outWidth = Math.max(1, Math.round(wanted * factor));
  const outHeight = Math.max(1, Math.round(wantedHeight * factor));
  const perPixelX = outWidth / regionWidth;
  const perPixelY = outHeight / regionHeight;
  const left = Math.max(0, Math.round(region.x0));
  const top = Math.max(0, Math.round(region.y0));
  const right = Math.min(W, Math.round(region.x1));
  const bottom = Math.min(H, Math.round(region.y1));
  if (right - left < 1 || bottom - top < 1) return undefined;
  // Past the master's edge (a crop at the photo's edge, reaching into the bleed): its edge mirrored.
  const pad = {
    left: Math.round((left - region.x0) * perPixelX), top: Math.round((top - region.y0) * perPixelY),
    right: Math.round((region.x1 - right) * perPixelX), bottom: Math.round((region.y1 - bottom) * perPixelY),
  };
  const innerWidth = Math.max(1, outWidth - pad.left - pad.right);
  const innerHeight = Math.max(1, outHeight - pad.top - pad.bottom);
  let cut = sharp(master, { failOn: 'none' })
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize({ width: innerWidth, height: innerHeight, fit: 'fill' });
  if (pad.left + pad.top + pad.right + pad.bottom > 0) cut = cut.extend({ ...pad, extendWith: 'mirror' });
  // Turned in a second pipeline over raw pixels: sharp would otherwise order the turn before the cut.
  const { data: raw, info } = await cut.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let turned = sharp(raw, { raw: { width: info.width, height: info.height, channels: 3 } }).rotate(item.rotation);
  if (item.mirror) turned = turned.flop();
  const encoded = scale.jpegQuality === undefined ? turned.raw() : turned.jpeg({ quality: scale.jpegQuality, chromaSubsampling: '4:4:4' });
  const { data, info: out } = await encoded.toBuffer({ resolveWithObject: true });
  const [trimAcross, trimDown] = [item.trim.width, item.trim.height];
  const [pixelsAcross, pixelsDown] = quarter ? [cropHeight, cropWidth] : [cropWidth, cropHeight];
  const sourceDpi = Math.floor(Math.min(pixelsAcross / (trimAcross / 25.4), pixelsDown / (trimDown / 25.4)));
  return { data, pixelWidth: out.width, pixelHeight: out.height, sourceDpi };
}
