// Reading a PDF as a printer's software would, with pdf.js (pdfjs-dist's Node build): pages, sizes, text, pixels.
import path from 'node:path';

const POINTS_PER_MM = 72 / 25.4;

export interface ReadPage {
  widthMm: number;
  heightMm: number;
  text: string;
  /** Whether the page paints an image XObject. */
  paintsImage: boolean;
  /** The page drawn at that many pixels per millimetre: greyscale values, row by row. */
  pixels(pixelsPerMm: number): Promise<{ width: number; height: number; grey: Uint8Array }>;
}

export async function readPdf(data: Buffer): Promise<{ numPages: number; page(num: number): Promise<ReadPage>; close(): Promise<void> }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const document = await pdfjs.getDocument({ data: new Uint8Array(data), standardFontDataUrl, isEvalSupported: false }).promise;
  return {
    numPages: document.numPages,
    async page(num) {
      const page = await document.getPage(num);
      const [left, bottom, right, top] = page.view;
      const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
      const operators = await page.getOperatorList();
      const paintsImage = operators.fnArray.some((fn) => fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject);
      return {
        widthMm: (right - left) / POINTS_PER_MM,
        heightMm: (top - bottom) / POINTS_PER_MM,
        text,
        paintsImage,
        async pixels(pixelsPerMm) {
          const viewport = page.getViewport({ scale: pixelsPerMm / POINTS_PER_MM });
          const factory = document.canvasFactory as { create(width: number, height: number): { canvas: unknown; context: unknown } };
          const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
          await page.render({ canvas, canvasContext: context, viewport } as never).promise;
          const { data: rgba, width, height } = (context as { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number } })
            .getImageData(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
          const grey = new Uint8Array(width * height);
          for (let index = 0; index < grey.length; index += 1) grey[index] = Math.round((rgba[index * 4] + rgba[index * 4 + 1] + rgba[index * 4 + 2]) / 3);
          return { width, height, grey };
        },
      };
    },
    close: () => document.destroy(),
  };
}
