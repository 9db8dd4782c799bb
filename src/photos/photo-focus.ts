// The centre of a photo's most interesting region (libvips' attention strategy: edges, saturated colour, skin tones),
// in fractions of the picture's width and height: a block's default framing is centred on it (src/shared/photo-placement.ts).
import sharp from 'sharp';
import type { FocusPoint } from '../shared/photo-placement';
import { fromCopy, type SmallCopy } from './analysis/small-copy';

const CENTRE: FocusPoint = { x: 0.5, y: 0.5 };

/** Fractions kept to 4 decimals: a hundredth of a percent of the picture, stable in JSON. */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
const fraction = (value: number, of: number) => round4(Math.min(1, Math.max(0, value / of)));

/**
 * Where the attention strategy finds the picture's centre of interest. libvips searches the whole picture and reports
 * the point only when it has to crop, in the coordinates of the picture as resized: so the raw small copy is cropped by
 * one column, without scaling (a JPEG's shrink-on-load would make the coordinates of a file's own resize unknowable).
 */
export async function attentionFocus(copy: SmallCopy): Promise<FocusPoint> {
  if (copy.width < 2) return CENTRE;
  const { info } = await fromCopy(copy).resize(copy.width - 1, copy.height, { fit: 'cover', position: sharp.strategy.attention })
    .raw().toBuffer({ resolveWithObject: true });
  if (info.attentionX === undefined || info.attentionY === undefined) return CENTRE;
  return { x: fraction(info.attentionX, copy.width), y: fraction(info.attentionY, copy.height) };
}
