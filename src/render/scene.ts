// What a renderer draws: a page as a list of items in millimetres, from the top left corner, in drawing order. The
// raster renderer (previews, the viewer) and the PDF renderer (print files) draw the same scene.

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

/** Lines of text, each centred on centerX, already broken and sized (see text-fit.ts). */
export interface TextItem {
  kind: 'text';
  lines: string[];
  fontSize: number;
  centerX: number;
  /** The baseline of each line. */
  baselines: number[];
  color: string;
}

export type SceneItem = ImageItem | FillItem | PhotoPlaceholderItem | TextItem;

export interface Scene {
  width: number;
  height: number;
  background: string;
  items: SceneItem[];
}
