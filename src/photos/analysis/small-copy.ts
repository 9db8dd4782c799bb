// Small raw copies of a print master, decoded once for the facts read from the picture as a whole: a picture copy
// (500 pixels on its longer side) that the analysis reads (faces, sharpness, exposure, colours: analysis/), and a
// smaller copy made from it for the perceptual hash and the focus point. One decode: a 12-megapixel master decodes
// at an eighth of its size (libvips' shrink-on-load), which still reads every coefficient of the JPEG, about 60 ms of
// CPU; the second copy, from the first's pixels, costs about 2 ms.
import sharp, { type Sharp } from 'sharp';

/**
 * The picture copy's longer side: faces down to about 1/25 of it are found. 500 and not 512: a 4000-pixel JPEG then
 * decodes at an eighth of its size, four times fewer pixels.
 */
export const PICTURE_SIDE = 500;
/** The hash and focus copy's longer side: ample for a 9x8 hash and for a framing's centre. */
const COPY_SIDE = 256;

export interface SmallCopy {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

const rawCopy = async (image: Sharp, side: number): Promise<SmallCopy> => {
  const { data, info } = await image.resize(side, side, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

/** A pipeline from the copy. */
export const fromCopy = (copy: SmallCopy): Sharp =>
  sharp(copy.data, { raw: { width: copy.width, height: copy.height, channels: copy.channels } });

/** The picture copy of a picture (a master: sRGB, no alpha), as RGB. */
export const pictureCopyOf = (picture: Buffer): Promise<SmallCopy> =>
  rawCopy(sharp(picture).removeAlpha().toColourspace('srgb'), PICTURE_SIDE);

/** The hash and focus copy, from the picture copy's pixels. */
export const smallCopyFrom = (copy: SmallCopy): Promise<SmallCopy> => rawCopy(fromCopy(copy), COPY_SIDE);
