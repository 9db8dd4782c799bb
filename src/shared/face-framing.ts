// A photo's default framing with its faces in mind (issue 51): the largest crop of the block's proportions, placed so
// that every face is whole inside it when the proportions allow, else the largest faces that fit together, cutting as
// few of the others as it can; as near the attention point's framing as that allows. Photos without faces (or turned in their block) keep the attention
// point's framing (photo-placement.ts). Where the block reaches into the fold of a spread, the part of the crop in the
// fold's band (fold-band.ts) shows no face when a crop can avoid it: a face in the fold counts as a face cut.
import type { FoldBand } from './fold-band';
import type { Box, PlacementRotation } from './layout-document';
import { clampCrop, coveringCrop, type FocusPoint, type PixelSize, type SizeMm } from './photo-placement';

/** A face's box grown by this share of its size on each side: a chin and a forehead are part of the face. */
const FACE_MARGIN = 0.1;
/** A face shown whole but for its margin is worth this share of one shown with it. */
const MARGIN_CUT_WORTH = 0.9;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function padded(face: Box): Box {
  const x = Math.max(0, face.x - face.width * FACE_MARGIN);
  const y = Math.max(0, face.y - face.height * FACE_MARGIN);
  return { x, y, width: Math.min(1, face.x + face.width * (1 + FACE_MARGIN)) - x, height: Math.min(1, face.y + face.height * (1 + FACE_MARGIN)) - y };
}

/**
 * Starts of a span of `size` in [0, 1]: the wanted one, and those that put a face's edge at an edge of the span's
 * usable part (its shares `low` to `high`: the whole span but where the fold takes a side).
 */
const spanStarts = (wanted: number, size: number, edges: number[], low = 0, high = 1) =>
  [wanted, ...edges.flatMap((edge) => [edge - low * size, edge - high * size])].map((start) => clamp(start, 0, 1 - size));

/** The shares of a crop's width outside the fold's band. */
const usableShares = (fold: FoldBand | undefined): [number, number] => {
  if (!fold) return [0, 1];
  return fold.side === 'left' ? [fold.share, 1] : [0, 1 - fold.share];
};

/** The share of a face's area a crop shows. */
function shown(face: Box, crop: Box): number {
  const overlapX = Math.min(face.x + face.width, crop.x + crop.width) - Math.max(face.x, crop.x);
  const overlapY = Math.min(face.y + face.height, crop.y + crop.height) - Math.max(face.y, crop.y);
  return overlapX <= 0 || overlapY <= 0 ? 0 : (overlapX * overlapY) / (face.width * face.height);
}

/**
 * What a crop is worth: the area of the faces it shows whole with their margin outside the fold's band, less the area
 * of those it shows in part or in the band (a cut face is worse than a face left out; a face's margin alone may be cut).
 */
const worth = (crop: Box, faces: Box[], [low, high]: [number, number]) => faces.reduce((sum, face) => {
  const area = face.width * face.height;
  const usable = { ...crop, x: crop.x + low * crop.width, width: (high - low) * crop.width };
  if (shown(padded(face), usable) > 1 - 1e-6) return sum + area;
  if (shown(face, usable) > 1 - 1e-6) return sum + area * MARGIN_CUT_WORTH;
  const share = shown(face, crop);
  return share > 1e-6 ? sum - area : sum;
}, 0);

/**
 * The default crop of a photo in a block: of the largest crops of the block's proportions, the one that shows the
 * most face area whole and cuts the least, nearest to the attention point's among equals; the attention point's
 * framing without faces or for a photo turned in its block. `faces` in fractions of the upright photo; `fold` the
 * crop's share in the fold's band where the block reaches into it (foldBand).
 */
export function framedCrop(
  photo: PixelSize, rotation: PlacementRotation, block: SizeMm, focus: FocusPoint | undefined, faces: Box[] | undefined, fold?: FoldBand,
): Box {
  const attention = coveringCrop(photo, rotation, block, focus);
  if (!faces || faces.length === 0 || rotation !== 0) return attention;
  const boxes = faces;
  const edges = [...faces, ...faces.map(padded)];
  const { width, height } = attention;
  const shares = usableShares(fold);
  const xs = spanStarts(attention.x, width, edges.flatMap((face) => [face.x, face.x + face.width]), ...shares);
  const ys = spanStarts(attention.y, height, edges.flatMap((face) => [face.y, face.y + face.height]));
  let best = { crop: attention, worth: worth(attention, boxes, shares), distance: 0 };
  for (const x of xs) {
    for (const y of ys) {
      const crop = { x, y, width, height };
      const value = worth(crop, boxes, shares);
      const distance = Math.abs(x - attention.x) + Math.abs(y - attention.y);
      if (value > best.worth + 1e-12 || (Math.abs(value - best.worth) <= 1e-12 && distance < best.distance - 1e-12)) best = { crop, worth: value, distance };
    }
  }
  if (best.worth <= 0) {
    // No face fits whole: the crop's part outside the fold is centred on the largest.
    const face = [...boxes.map(padded)].sort((a, b) => b.width * b.height - a.width * a.height)[0];
    return clampCrop(photo, { x: face.x + face.width / 2 - ((shares[0] + shares[1]) / 2) * width, y: face.y + face.height / 2 - height / 2, width, height }, rotation, block);
  }
  return clampCrop(photo, best.crop, rotation, block);
}
