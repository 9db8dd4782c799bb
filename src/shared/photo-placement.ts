// A photo in a PHOTO block: the crop that covers the block, its effective resolution at the printed size, and the
// quality level the editor, the preflight and the print files share.
import type { Box, PhotoPlacement, PlacementRotation } from './layout-document';

export interface PixelSize {
  width: number;
  height: number;
}

export interface SizeMm {
  width: number;
  height: number;
}

/** good: at least the print DPI; low: below it; cannot_print: below half of it. */
export type PrintQuality = 'good' | 'low' | 'cannot_print';

/** A block's printed size: its percentages of the page's. */
export const blockSizeMm = (block: { width: number; height: number }, pageMm: SizeMm): SizeMm =>
  ({ width: (block.width / 100) * pageMm.width, height: (block.height / 100) * pageMm.height });

/** A point of the photo in fractions of its width and height. */
export interface FocusPoint {
  x: number;
  y: number;
}

const MM_PER_INCH = 25.4;
const CENTRE: FocusPoint = { x: 0.5, y: 0.5 };

const quarterTurned = (rotation: PlacementRotation) => rotation === 90 || rotation === 270;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Fractions kept to 6 decimals: stable in JSON, far finer than a pixel of any photo. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The crop's width over its height, in fractions of the photo, that fills the block once turned: the block's
 * proportions in pixels of the photo.
 */
function cropAspect(photo: PixelSize, rotation: PlacementRotation, block: SizeMm): number {
  const blockAspect = quarterTurned(rotation) ? block.height / block.width : block.width / block.height;
  return (blockAspect * photo.height) / photo.width;
}

/**
 * The crop that shows the requested one best while covering the block: the block's proportions, no larger than the
 * photo, and no smaller than the requested size allows (zooming in keeps the requested width where it can), centred
 * where the request was centred, then moved inside the photo.
 */
export function clampCrop(photo: PixelSize, requested: Box, rotation: PlacementRotation, block: SizeMm): Box {
  const aspect = cropAspect(photo, rotation, block);
  // width / height = aspect, in fractions of the photo; the largest such crop has width 1 or height 1.
  const maxWidth = Math.min(1, aspect);
  let width = clamp(requested.width, 1e-6, maxWidth);
  let height = width / aspect;
  if (height > 1) {
    height = 1;
    width = aspect;
  }
  const centreX = requested.x + requested.width / 2;
  const centreY = requested.y + requested.height / 2;
  const x = clamp(centreX - width / 2, 0, 1 - width);
  const y = clamp(centreY - height / 2, 0, 1 - height);
  return { x: round6(x), y: round6(y), width: round6(width), height: round6(height) };
}

/** The largest crop that covers the block, centred on the focus point as far as the photo allows. */
export function coveringCrop(photo: PixelSize, rotation: PlacementRotation, block: SizeMm, focus: FocusPoint = CENTRE): Box {
  const aspect = cropAspect(photo, rotation, block);
  const width = Math.min(1, aspect);
  const height = width / aspect;
  return clampCrop(photo, { x: focus.x - width / 2, y: focus.y - height / 2, width, height }, rotation, block);
}

/** Pixels of the photo per inch of the printed block, along the scarcer side. */
export function effectiveDpi(photo: PixelSize, placement: Pick<PhotoPlacement, 'crop' | 'rotation'>, block: SizeMm): number {
  const cropWidth = placement.crop.width * photo.width;
  const cropHeight = placement.crop.height * photo.height;
  const [drawnWidth, drawnHeight] = quarterTurned(placement.rotation) ? [cropHeight, cropWidth] : [cropWidth, cropHeight];
  return Math.floor(Math.min(drawnWidth / (block.width / MM_PER_INCH), drawnHeight / (block.height / MM_PER_INCH)));
}

export function printQuality(dpi: number, printDpi: number): PrintQuality {
  if (dpi >= printDpi) return 'good';
  return dpi >= printDpi / 2 ? 'low' : 'cannot_print';
}
