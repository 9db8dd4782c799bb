// Moving and zooming a photo inside its frame: screen gestures turned into the crop the editing channel takes.
import type { Box, PlacementRotation } from '../../../src/shared/layout-document';
import { cropFor } from './optimistic';
import type { Rect } from './page-geometry';
import type { Block, Page, PlacedPhoto } from './types';

/** A drag of (dx, dy) screen pixels moves the picture with the pointer: the crop moves the other way. */
export function draggedCrop(block: Block, page: Page, photo: PlacedPhoto, rect: Rect, dx: number, dy: number): Box {
  const vx = photo.mirror ? -dx : dx;
  // The picture's own axes after its clockwise turn, seen on screen.
  const [ax, ay] = ({ 0: [vx, dy], 90: [dy, -vx], 180: [-vx, -dy], 270: [-dy, vx] } as const)[photo.rotation];
  const turned = photo.rotation === 90 || photo.rotation === 270;
  const across = turned ? rect.height : rect.width;
  const down = turned ? rect.width : rect.height;
  const requested = {
    ...photo.crop, x: photo.crop.x - (ax / across) * photo.crop.width, y: photo.crop.y - (ay / down) * photo.crop.height,
  };
  return cropFor(block, page, photo.size!, photo.rotation, requested);
}

/** The crop at a zoom (1: the photo covers the frame as large as it can; 4: a quarter as wide), about its centre. */
export function zoomedCrop(block: Block, page: Page, photo: PlacedPhoto, zoom: number): Box {
  const full = cropFor(block, page, photo.size!, photo.rotation);
  const width = full.width / zoom;
  const height = full.height / zoom;
  const centreX = photo.crop.x + photo.crop.width / 2;
  const centreY = photo.crop.y + photo.crop.height / 2;
  return cropFor(block, page, photo.size!, photo.rotation, { x: centreX - width / 2, y: centreY - height / 2, width, height });
}

export function zoomOf(block: Block, page: Page, photo: PlacedPhoto): number {
  if (!photo.size) return 1;
  return cropFor(block, page, photo.size, photo.rotation).width / photo.crop.width;
}

export const nextRotation = (rotation: PlacementRotation) => ((rotation + 90) % 360) as PlacementRotation;
