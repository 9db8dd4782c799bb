// A product's gallery preview: the front of its cover as its layout describes it (the front cover background,
// a placeholder where the shopper's photo will go, the title), at the format's proportions, drawn by the shared
// renderer (src/render/).
import { type RawPixels, renderSceneToJpeg, renderSceneToPixels } from '../render/raster';
import type { Rect, Scene, SceneItem } from '../render/scene';
import { centredStarts, fitText } from '../render/text-layout';
import { DEFAULT_TEXT_FONT } from '../shared/layout-document';

const LONG_SIDE = 600;
const FALLBACK_BACKGROUND = '#d9d4cc';
const MAX_TITLE_LINES = 3;
/** Of the preview's width, what the title may use: the rest is a margin the text never enters. */
const TITLE_WIDTH = 0.86;
/** The smallest title, as a share of the usual size; below it a title is shortened with an ellipsis instead. */
const SMALLEST_TITLE = 0.55;

export interface CoverDrawing {
  widthCm: number;
  heightCm: number;
  /** The front cover background image, when there is one to read. */
  background: Buffer | undefined;
  title: string;
}

/** The band behind the title and the title's lines: one line as it always was, more lines in a taller band. */
function titleItems(width: number, height: number, title: string): SceneItem[] {
  const usualSize = Math.min(width, height) * 0.07;
  const { fontSize, lines } = fitText(title, {
    maxWidth: width * TITLE_WIDTH, usualSize, smallestSize: usualSize * SMALLEST_TITLE,
    maxLines: (size) => (size === usualSize ? 1 : MAX_TITLE_LINES),
  });
  const band = (rect: Rect): SceneItem => ({ kind: 'fill', rect, color: '#ffffff', opacity: 0.78 });
  const starts = centredStarts(DEFAULT_TEXT_FONT, lines, fontSize, width / 2);
  const text = (baselines: number[]): SceneItem => ({ kind: 'text', font: DEFAULT_TEXT_FONT, lines, fontSize, starts, baselines, color: '#2b2b2b' });
  if (lines.length <= 1) return [band({ x: 0, y: height * 0.74, width, height: height * 0.16 }), text([height * 0.84])];
  const lineHeight = fontSize * 1.2;
  const bandHeight = Math.max(height * 0.16, lines.length * lineHeight + fontSize * 0.6);
  const bandTop = Math.min(height * 0.74, height * 0.95 - bandHeight);
  const firstBaseline = bandTop + (bandHeight - lines.length * lineHeight) / 2 + fontSize * 0.95;
  return [band({ x: 0, y: bandTop, width, height: bandHeight }), text(lines.map((_, index) => firstBaseline + index * lineHeight))];
}

/** The cover's scene, and its pixel size: LONG_SIDE on the long side, at the format's proportions. */
function coverScene(drawing: CoverDrawing): { scene: Scene; width: number; height: number } {
  const width = drawing.widthCm * 10;
  const height = drawing.heightCm * 10;
  const full = { x: 0, y: 0, width, height };
  const scene: Scene = {
    width, height, background: FALLBACK_BACKGROUND,
    items: [
      ...(drawing.background ? [{ kind: 'image', source: drawing.background, rect: full, clip: full, photo: false } as const] : []),
      { kind: 'photo-placeholder', rect: { x: width * 0.15, y: height * 0.14, width: width * 0.7, height: height * 0.52 } },
      ...titleItems(width, height, drawing.title),
    ],
  };
  const scale = LONG_SIDE / Math.max(drawing.widthCm, drawing.heightCm);
  return { scene, width: Math.round(drawing.widthCm * scale), height: Math.round(drawing.heightCm * scale) };
}

export async function drawCoverPreview(drawing: CoverDrawing): Promise<Buffer> {
  const { scene, width, height } = coverScene(drawing);
  return renderSceneToJpeg(scene, width, height);
}

/** The preview as pixels, for the preview and its derivatives to be encoded from one rendering. */
export async function drawCoverPixels(drawing: CoverDrawing): Promise<RawPixels> {
  const { scene, width, height } = coverScene(drawing);
  return renderSceneToPixels(scene, width, height);
}
