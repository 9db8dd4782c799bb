// What a renderer draws: a page as a list of items in millimetres, from the top left corner, in drawing order. The
// raster renderer (previews, the viewer) and the PDF renderer (print files) draw the same scene.
import type { TextFont } from '../shared/layout-document';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageItem {
  kind: 'image';
  /** The encoded image (any format sharp reads). */
  source: Buffer;
  /** Where the whole image goes: it covers this rectangle, keeping its proportions. */
  rect: Rect;
  /** The part of rect that shows (the block the image sits in). */
  clip: Rect;
  /** A shopper's photo (rather than a theme's background): its resolution is checked for print. */
  photo: boolean;
}

/**
 * A shopper's photo placed in a block: `crop` of its print master (fractions of the master's width and height),
 * turned clockwise by `rotation`, then mirrored left to right, fills `trim` exactly. `rect` is what is drawn: trim, or
 * more where the block runs into the bleed, filled by the photo beyond the crop (or its edge mirrored past the photo).
 */
export interface PhotoItem {
  kind: 'photo';
  rect: Rect;
  trim: Rect;
  crop: Rect;
  rotation: 0 | 90 | 180 | 270;
  mirror: boolean;
  /** The master's pixel size. */
  pixels: { width: number; height: number };
  /** Reads the master when it is drawn (not before: a print job holds one page's photos at a time). */
  load(): Promise<Buffer | undefined>;
}

export interface FillItem {
  kind: 'fill';
  rect: Rect;
  color: string;
  opacity: number;
}

/** Where the shopper's photo will go, on a product's preview. */
export interface PhotoPlaceholderItem {
  kind: 'photo-placeholder';
  rect: Rect;
}

/** Lines of text already broken and sized (see text-layout.ts): each starts at its x and sits on its baseline. */
export interface TextItem {
  kind: 'text';
  font: TextFont;
  lines: string[];
  fontSize: number;
  starts: number[];
  baselines: number[];
  color: string;
}

export type SceneItem = ImageItem | PhotoItem | FillItem | PhotoPlaceholderItem | TextItem;

export interface Scene {
  width: number;
  height: number;
  background: string;
  items: SceneItem[];
}
