// A small raw copy of a print master, decoded once (a JPEG at 1/8 of its size) for the facts read from the picture
// as a whole: its perceptual hash and its focus point.
import sharp, { type Sharp } from 'sharp';

/** The copy's longer side: ample for a 9x8 hash and for a framing's centre. */
const COPY_SIDE = 256;

export interface SmallCopy {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export async function smallCopyOf(picture: Buffer): Promise<SmallCopy> {
  const { data, info } = await sharp(picture).resize(COPY_SIDE, COPY_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A pipeline from the copy. */
export const fromCopy = (copy: SmallCopy): Sharp =>
  sharp(copy.data, { raw: { width: copy.width, height: copy.height, channels: copy.channels } });
