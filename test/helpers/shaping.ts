// Counts the characters the fonts shape, in this process: the work of setting texts, counted instead of timed.
import { fontFace } from '../../src/render/fonts';
import { TEXT_FONTS, type TextFont } from '../../src/shared/layout-document';

export interface ShapingCount {
  /** Code points shaped since the count started. */
  readonly shaped: number;
  stop(): void;
}

/** Wraps every font's layout (the one shaping entry point of src/render/) with a counter, until stop(). */
export function countShaping(): ShapingCount {
  let shaped = 0;
  const restores = (Object.keys(TEXT_FONTS) as TextFont[]).map((font) => {
    const face = fontFace(font);
    const layout = face.layout;
    face.layout = function countedLayout(this: typeof face, text: string, ...rest: unknown[]) {
      for (const _ of text) shaped += 1;
      return (layout as (...args: unknown[]) => ReturnType<typeof layout>).call(this, text, ...rest);
    } as typeof layout;
    return () => { face.layout = layout; };
  });
  return { get shaped() { return shaped; }, stop: () => restores.forEach((restore) => restore()) };
}
