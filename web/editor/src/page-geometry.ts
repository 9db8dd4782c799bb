// Where a page and its blocks sit on the screen: block positions are in the page's viewbox units.
import type { Block, Page } from './types';

export interface PageFrame {
  page: Page;
  /** Screen pixels of the page's top left corner, and its size, inside the stage. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function blockRect(frame: PageFrame, box: { x: number; y: number; width: number; height: number }): Rect {
  const sx = frame.width / frame.page.viewbox.width;
  const sy = frame.height / frame.page.viewbox.height;
  return { x: frame.x + box.x * sx, y: frame.y + box.y * sy, width: box.width * sx, height: box.height * sy };
}

/**
 * Screen pixels per millimetre of the page, to size texts set in points. A scheme's template gives the page's
 * proportions, not its size: the height in millimetres is the cover template's, which every page shares.
 */
export const pixelsPerMm = (frame: PageFrame, pageHeightMm: number) => frame.height / pageHeightMm;

/** The spread laid out to fit width x height with a margin: the cover alone, or two pages side by side. */
export function layoutSpread(spread: Page[], width: number, height: number, margin = 24): PageFrame[] {
  // A page with no scheme yet (its template null) is drawn square until it has one.
  const aspects = spread.map((page) => (page.template ? page.template.width / page.template.height : 1));
  const pagesWide = spread.length === 1 && spread[0].type !== 'COVER' ? 2 : spread.length;
  const totalAspect = spread[0]?.type === 'COVER' ? aspects[0] : aspects[0] * pagesWide;
  const pageHeight = Math.max(10, Math.min(height - 2 * margin, (width - 2 * margin) / totalAspect));
  const spreadWidth = totalAspect * pageHeight;
  let x = (width - spreadWidth) / 2;
  const y = (height - pageHeight) / 2;
  // A lone interior page (the last, odd one) sits on the left half of its spread.
  return spread.map((page, index) => {
    const frame = { page, x, y, width: aspects[index] * pageHeight, height: pageHeight };
    x += frame.width;
    return frame;
  });
}

/** The topmost block of one of the types under a point of the stage. */
export function blockAt(frames: PageFrame[], point: { x: number; y: number }, types: Block['type'][]): { frame: PageFrame; block: Block } | undefined {
  for (const frame of frames) {
    for (const block of [...frame.page.blocks].reverse()) {
      if (!types.includes(block.type)) continue;
      const rect = blockRect(frame, block);
      if (point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height) return { frame, block };
    }
  }
  return undefined;
}
