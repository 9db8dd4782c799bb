// A photo's default framing with its faces in mind (issue 51): the largest crop of the block's proportions, placed so
// that every face is whole inside it when the proportions allow, else the largest faces that fit together; as near
// the attention point's framing as that allows. Photos without faces (or turned in their block) keep the attention
// point's framing (photo-placement.ts).
import type { Box, PlacementRotation } from './layout-document';
import { clampCrop, coveringCrop, type FocusPoint, type PixelSize, type SizeMm } from './photo-placement';

/** A face's box grown by this share of its size on each side: a chin and a forehead are part of the face. */
const FACE_MARGIN = 0.1;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function padded(face: Box): Box {
  const x = Math.max(0, face.x - face.width * FACE_MARGIN);
  const y = Math.max(0, face.y - face.height * FACE_MARGIN);
  return { x, y, width: Math.min(1, face.x + face.width * (1 + FACE_MARGIN)) - x, height: Math.min(1, face.y + face.height * (1 + FACE_MARGIN)) - y };
}

function union(boxes: Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The start of a span of `size` in [0, 1] that holds [low, high], nearest to `wanted`. */
const placeSpan = (wanted: number, size: number, low: number, high: number) => clamp(clamp(wanted, high - size, low), 0, 1 - size);

/**
 * The default crop of a photo in a block: faces whole where they fit (the largest first), the attention point's
 * framing otherwise. `faces` in fractions of the upright photo.
 */
export function framedCrop(photo: PixelSize, rotation: PlacementRotation, block: SizeMm, focus: FocusPoint | undefined, faces: Box[] | undefined): Box {
  const attention = coveringCrop(photo, rotation, block, focus);
  if (!faces || faces.length === 0 || rotation !== 0) return attention;
  const largestFirst = faces.map(padded).sort((a, b) => b.width * b.height - a.width * a.height);
  for (let count = largestFirst.length; count >= 1; count -= 1) {
    const held = union(largestFirst.slice(0, count));
    if (held.width > attention.width + 1e-9 || held.height > attention.height + 1e-9) continue;
    const x = placeSpan(attention.x, attention.width, held.x, held.x + held.width);
    const y = placeSpan(attention.y, attention.height, held.y, held.y + held.height);
    return clampCrop(photo, { x, y, width: attention.width, height: attention.height }, rotation, block);
  }
  // Not even the largest face fits whole: the crop is centred on it.
  const face = largestFirst[0];
  const centred = { x: face.x + face.width / 2 - attention.width / 2, y: face.y + face.height / 2 - attention.height / 2, width: attention.width, height: attention.height };
  return clampCrop(photo, centred, rotation, block);
}
